/** Lucide glyphs imported one file each (src/components/icon/glyphs.ts): the package types only its barrel. */
declare module 'lucide/dist/esm/icons/*.mjs' {
  const glyph: [tag: string, attrs: Record<string, string | number | undefined>][]
  export default glyph
}
