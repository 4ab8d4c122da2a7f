/** Object-store configuration (docs/DECISIONS.md "Uploads"). */
export interface AliyunOssConfig {
  bucket: string
  /** e.g. `oss-cn-hangzhou` */
  region: string
  accessKeyId: string
  accessKeySecret: string
}

export interface OssConfig {
  /** OSS_PROVIDER: `local` (default: this server stores the files) or `aliyun` */
  provider: 'local' | 'aliyun'
  /** OSS_DIR: where the local store keeps files (default DATA_DIR/oss); temp files of API uploads go here too */
  dir: string
  aliyun?: AliyunOssConfig
  /** PUBLIC_BASE_URL: the origin the app and the store reach this server at (policy host, callback URL) */
  publicBaseUrl?: string
  /** TRUST_PROXY=1: the request origin comes from X-Forwarded-Proto / X-Forwarded-Host */
  trustProxy?: boolean
  /** the fetch used for OSS's public key and PutObject (tests inject one; default the global fetch) */
  fetch?: typeof fetch
}

/** Where a key lives: `t<tenant>/u<user>/<img|doc>/<yyyymmdd>/<name>`. */
export interface KeyOwner {
  tenantId: number
  userId: number
  kind: 'img' | 'doc'
}

/** A received file (checked, in a temp file) before it gets its key. */
export interface ReceivedFile {
  tmpPath: string
  size: number
  mimeType: string
  width: number | null
  height: number | null
}
