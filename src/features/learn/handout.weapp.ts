/** Mini-program: download the signed file, then WeChat's document viewer (with its menu: forward, save). */
import Taro from '@tarojs/taro'
import type { MessageKey } from '../../i18n'
import { tenantConfig } from '../../services/tenant/config'
import { absoluteUrl } from '../order/pay-types'
import type { HandoutFile } from './api'

/** where the file opens, for the handout tip */
export const HANDOUT_OPENS_IN: MessageKey = 'stuff.where.weapp'

const DOC_TYPES = ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx'] as const
type DocType = (typeof DOC_TYPES)[number]

/** openDocument's fileType from the handout's type or the URL's extension; undefined lets WeChat guess. */
function docType(file: HandoutFile): DocType | undefined {
  const ext = /\.(\w+)(?:\?|$)/.exec(file.url)?.[1]
  return [file.fileType, ext].map((s) => s?.toLowerCase()).find((s): s is DocType => DOC_TYPES.includes(s as DocType))
}

export async function openHandout(load: () => Promise<HandoutFile>): Promise<void> {
  const file = await load()
  const url = absoluteUrl(file.url, tenantConfig.apiBase, tenantConfig.fallbackHost)
  const res = await Taro.downloadFile({ url })
  if (res.statusCode !== 200) throw new Error(`handout download answered ${res.statusCode}`)
  const fileType = docType(file)
  await Taro.openDocument({ filePath: res.tempFilePath, showMenu: true, ...(fileType ? { fileType } : {}) })
}
