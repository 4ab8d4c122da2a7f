-- Issue 24 §1 (docs/DECISIONS.md "Upload fields"): stored values of the fields that name an upload, as the rule of
-- server/src/services/upload/own.ts would have stored them. A value that contains an upload key (t<tenant>/u<user>/...)
-- of an image the row's owner uploaded (upload_object of the row's tenant and user) becomes `/oss/<key>`, whatever
-- host it carried (this server serves `/oss/<key>` on every store: the file, or a redirect to the bucket). A path of
-- this server without a key (the seed's /static-assets/...) stays. Anything else (a foreign upload, a host-only
-- link, javascript:, data:, other schemes) is cleared: '' in a column, removed from a list or from a profile's values.
-- Names in the chat's tables take the chat's escaped form (< and > as entities), as the chat now sends them.
CREATE FUNCTION upload_fields_repair(t bigint, u bigint, v text) RETURNS text LANGUAGE plpgsql STABLE AS $$
DECLARE
  p text;
  k text;
BEGIN
  IF v IS NULL OR v = '' THEN
    RETURN v;
  END IF;
  IF v ~ '[[:space:][:cntrl:]\\]' THEN
    -- browsers read `/\host` as `//host`; a space or control character is never in an upload's address
    RETURN '';
  ELSIF v ~ '^/[^/]' THEN
    -- a path of this server: kept unless it names an upload key
    IF v !~ 't[0-9]+/u[0-9]+/' THEN
      RETURN v;
    END IF;
    p := v;
  ELSIF v ~* '^(https?:)?//' THEN
    -- absolute or protocol-relative: only the path counts, the host is never kept
    p := regexp_replace(v, '^([A-Za-z]+:)?//[^/?#]*', '');
  ELSIF v ~ '^[A-Za-z0-9_-][A-Za-z0-9._/-]*$' THEN
    -- a bare key
    p := v;
  ELSE
    -- javascript:, data:, any other scheme, anything else
    RETURN '';
  END IF;
  p := split_part(split_part(p, '?', 1), '#', 1);
  k := substring(p FROM '(t[0-9]+/u[0-9]+/[A-Za-z0-9._/-]+)$');
  IF k IS NOT NULL AND EXISTS (
    SELECT 1 FROM upload_object o
    WHERE o.tenant_id = t AND o.user_id = u AND o.key = k AND o.mime_type LIKE 'image/%'
  ) THEN
    RETURN '/oss/' || k;
  END IF;
  RETURN '';
END
$$;
--> statement-breakpoint
UPDATE "sys_user" SET "avatar" = upload_fields_repair("tenant_id", "id", "avatar")
WHERE "avatar" <> '' AND "avatar" IS DISTINCT FROM upload_fields_repair("tenant_id", "id", "avatar");
--> statement-breakpoint
UPDATE "identity_cert" SET
  "id_card_image" = upload_fields_repair("tenant_id", "user_id", "id_card_image"),
  "face_image" = upload_fields_repair("tenant_id", "user_id", "face_image")
WHERE "id_card_image" IS DISTINCT FROM upload_fields_repair("tenant_id", "user_id", "id_card_image")
  OR "face_image" IS DISTINCT FROM upload_fields_repair("tenant_id", "user_id", "face_image");
--> statement-breakpoint
UPDATE "face_check" SET "image_url" = upload_fields_repair("tenant_id", "user_id", "image_url")
WHERE "image_url" IS DISTINCT FROM upload_fields_repair("tenant_id", "user_id", "image_url");
--> statement-breakpoint
UPDATE "photo_log" SET "image_url" = upload_fields_repair("tenant_id", "user_id", "image_url")
WHERE "image_url" IS DISTINCT FROM upload_fields_repair("tenant_id", "user_id", "image_url");
--> statement-breakpoint
UPDATE "appointment" SET "signature_url" = upload_fields_repair("tenant_id", "user_id", "signature_url")
WHERE "signature_url" <> '' AND "signature_url" IS DISTINCT FROM upload_fields_repair("tenant_id", "user_id", "signature_url");
--> statement-breakpoint
UPDATE "profile_stamp" SET "signature_url" = upload_fields_repair("tenant_id", "user_id", "signature_url")
WHERE "signature_url" <> '' AND "signature_url" IS DISTINCT FROM upload_fields_repair("tenant_id", "user_id", "signature_url");
--> statement-breakpoint
-- the image fields of a profile (its template's fields of type image); a cleared one is removed, as if never filled
UPDATE "profile" p SET "values" = (
  SELECT coalesce(
    jsonb_object_agg(e.key, CASE WHEN i.img THEN to_jsonb(r.fixed) ELSE e.value END) FILTER (WHERE NOT i.img OR r.fixed <> ''),
    '{}'::jsonb
  )
  FROM jsonb_each(p."values") e
  CROSS JOIN LATERAL (
    SELECT EXISTS (
      SELECT 1 FROM "profile_template" tp CROSS JOIN LATERAL jsonb_array_elements(tp."fields") f
      WHERE tp.id = p."template_id" AND f->>'type' = 'image' AND f->>'key' = e.key
    ) AS img
  ) i
  CROSS JOIN LATERAL (
    SELECT CASE WHEN i.img THEN upload_fields_repair(p."tenant_id", p."user_id", e.value #>> '{}') END AS fixed
  ) r
)
WHERE jsonb_typeof(p."values") = 'object' AND p."values" <> '{}'::jsonb;
--> statement-breakpoint
UPDATE "user_answer" a SET "image_list" = (
  SELECT coalesce(jsonb_agg(to_jsonb(r.fixed) ORDER BY x.n) FILTER (WHERE r.fixed <> ''), '[]'::jsonb)
  FROM jsonb_array_elements_text(a."image_list") WITH ORDINALITY x(val, n)
  CROSS JOIN LATERAL (SELECT upload_fields_repair(a."tenant_id", a."user_id", x.val) AS fixed) r
)
WHERE jsonb_typeof(a."image_list") = 'array' AND jsonb_array_length(a."image_list") > 0;
--> statement-breakpoint
-- essay answers: { text, imageList }
UPDATE "record_answer" a SET "ques" = jsonb_set(a."ques", '{imageList}', (
  SELECT coalesce(jsonb_agg(to_jsonb(r.fixed) ORDER BY x.n) FILTER (WHERE r.fixed <> ''), '[]'::jsonb)
  FROM jsonb_array_elements_text(a."ques"->'imageList') WITH ORDINALITY x(val, n)
  CROSS JOIN LATERAL (SELECT upload_fields_repair(a."tenant_id", a."user_id", x.val) AS fixed) r
))
WHERE jsonb_typeof(a."ques") = 'object' AND jsonb_typeof(a."ques"->'imageList') = 'array'
  AND jsonb_array_length(a."ques"->'imageList') > 0;
--> statement-breakpoint
-- the chat's copies of avatars, and its names in the escaped form
UPDATE "live_chat" SET
  "pic" = upload_fields_repair("tenant_id", "user_id", "pic"),
  "nick" = replace(replace("nick", '<', '&lt;'), '>', '&gt;')
WHERE "nick" ~ '[<>]' OR ("pic" <> '' AND "pic" IS DISTINCT FROM upload_fields_repair("tenant_id", "user_id", "pic"));
--> statement-breakpoint
UPDATE "live_checkin_sign" SET
  "pic" = upload_fields_repair("tenant_id", "user_id", "pic"),
  "nick" = replace(replace("nick", '<', '&lt;'), '>', '&gt;')
WHERE "nick" ~ '[<>]' OR ("pic" <> '' AND "pic" IS DISTINCT FROM upload_fields_repair("tenant_id", "user_id", "pic"));
--> statement-breakpoint
UPDATE "live_lottery_winner" SET
  "pic" = upload_fields_repair("tenant_id", "user_id", "pic"),
  "nick" = replace(replace("nick", '<', '&lt;'), '>', '&gt;')
WHERE "nick" ~ '[<>]' OR ("pic" <> '' AND "pic" IS DISTINCT FROM upload_fields_repair("tenant_id", "user_id", "pic"));
--> statement-breakpoint
UPDATE "live_question" SET
  "pic" = upload_fields_repair("tenant_id", "user_id", "pic"),
  "nick" = replace(replace("nick", '<', '&lt;'), '>', '&gt;')
WHERE "nick" ~ '[<>]' OR ("pic" <> '' AND "pic" IS DISTINCT FROM upload_fields_repair("tenant_id", "user_id", "pic"));
--> statement-breakpoint
UPDATE "live_question" SET "answered_by" = "answered_by"
  || jsonb_build_object('nick', replace(replace("answered_by"->>'nick', '<', '&lt;'), '>', '&gt;'))
  || jsonb_build_object('pic', upload_fields_repair("tenant_id", ("answered_by"->>'userId')::bigint, "answered_by"->>'pic'))
WHERE jsonb_typeof("answered_by") = 'object' AND jsonb_typeof("answered_by"->'nick') = 'string'
  AND jsonb_typeof("answered_by"->'pic') = 'string' AND ("answered_by"->>'userId') ~ '^[0-9]{1,18}$';
--> statement-breakpoint
DROP FUNCTION upload_fields_repair(bigint, bigint, text);
