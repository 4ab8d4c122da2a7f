/**
 * Identity and face checks (docs/DECISIONS.md "Learning"): ID-card OCR, face detection in a photo, a face
 * against the certified face, and the certification itself (name + ID number + card photo + face photo).
 * Provider `local` (default) decides nothing: every case is left pending for a person to review
 * (REVIEW_STATUS.pending, similarity null) and it never claims a match. A cloud provider plugs in behind
 * `FaceProvider` (FACE_PROVIDER=<name>); none is configured here, so any other name answers
 * LEARN_CODE.providerMissing instead of pretending.
 */
import { LEARN_CODE, REVIEW_STATUS } from '../../../contract/schemas/learn-codes'
import { AppError } from '../http/core'

export interface FaceResult {
  /** REVIEW_STATUS */
  status: number
  /** 0..100 when the provider computed one */
  similarity: number | null
  msg: string
}

export interface OcrResult {
  status: number
  realName: string
  idCard: string
  msg: string
}

export interface CertificationInput {
  realName: string
  idCard: string
  idCardImageUrl: string
  faceImageUrl: string
}

export interface FaceProvider {
  readonly name: string
  /** read name and number from an ID-card photo */
  ocr(imageUrl: string, side: 'front' | 'back'): Promise<OcrResult>
  /** is there one live face in the photo */
  recognize(imageUrl: string): Promise<FaceResult>
  /** a photo against the learner's certified face photo */
  compare(imageUrl: string, certifiedFaceUrl: string): Promise<FaceResult>
  /** the typed identity against the card photo and the face photo */
  certify(input: CertificationInput): Promise<FaceResult>
}

export class LocalFaceProvider implements FaceProvider {
  readonly name = 'local'
  private pending(msg: string): FaceResult {
    return { status: REVIEW_STATUS.pending, similarity: null, msg }
  }
  async ocr(): Promise<OcrResult> {
    return {
      status: REVIEW_STATUS.pending,
      realName: '',
      idCard: '',
      msg: '证件照片已保存，本服务不自动识别，请手动填写姓名和身份证号，提交后由人工审核',
    }
  }
  async recognize() {
    return this.pending('照片已保存，等待人工审核')
  }
  async compare() {
    return this.pending('照片已保存，等待人工比对审核')
  }
  async certify() {
    return this.pending('实名认证资料已提交，等待人工审核')
  }
}

/** The configured provider; `local` unless FACE_PROVIDER names another (none is available here). */
export function faceProvider(name: string | undefined): FaceProvider {
  if (!name || name === 'local') return new LocalFaceProvider()
  throw new AppError(LEARN_CODE.providerMissing, `face provider ${name} is not configured on this server`)
}
