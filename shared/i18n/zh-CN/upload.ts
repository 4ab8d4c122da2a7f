/** Uploads (spec §8: the failure toast). */
export default {
  'upload.failed': '上传接口错误',
  'upload.progress': '上传中 {n}%',
}
