import Taro from '@tarojs/taro'
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { UserInfo } from '../../contract/types'

vi.mock('@/services/api/user', () => ({
  getInfo: vi.fn(),
  infoAttached: vi.fn(),
  editUser: vi.fn(),
}))

vi.mock('@/features/learn/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/features/learn/api')>()),
  idCardOcr: vi.fn(),
  faceRecognition: vi.fn(),
  submitCertification: vi.fn(),
}))

vi.mock('@/features/exam/api', () => ({
  infoDetail: vi.fn(),
  confirmInfo: vi.fn(),
}))

vi.mock('@/services/upload', () => ({
  chooseAndUploadImages: vi.fn(),
  uploadImage: vi.fn(),
  UploadError: class UploadError extends Error {},
}))

const userApi = await import('@/services/api/user')
const learn = await import('@/features/learn/api')
const upload = await import('@/services/upload')
const examApi = await import('@/features/exam/api')
const { useSession } = await import('@/store/session')
const { ApiError } = await import('@/services/http/request')
const { default: VerifyInput } = await import('@/features/learn/verify/input')
const { certDraft, idCardError, maskName } = await import('@/features/learn/verify/shared')
const { default: VerifyInput2 } = await import('@/features/learn/verify/input2')
const { default: InfoFill } = await import('@/features/learn/verify/info_fill')
const { default: Wd } = await import('@/features/user/tab/index')

const VALID_ID = '11010519491231002X'

function user(over: Partial<UserInfo> = {}): UserInfo {
  return {
    userId: 1,
    userAccount: 'u1',
    telPhone: '13812345678',
    nickName: 'Nick',
    realName: '张三丰',
    avatar: '',
    sex: '0',
    birthday: '',
    idCard: '1101********002X',
    certStatus: 0,
    eduLevel: '',
    school: 'Old School',
    major: '',
    graduationDate: '',
    shareActivityCode: '',
    inviteCode: '',
    createTime: 0,
    ...over,
  }
}

const uploaded = (url: string) => ({
  url,
  key: url.slice(1),
  size: 2048,
  mimeType: 'image/jpeg',
  width: 800,
  height: 600,
})

const certification = (over: Partial<Awaited<ReturnType<typeof learn.submitCertification>>> = {}) => ({
  status: learn.REVIEW_STATUS.pending,
  realName: '张三',
  idCard: '1101********002X',
  idCardImage: '/oss/id.jpg',
  faceImage: '/oss/face.jpg',
  provider: 'local',
  msg: 'Submitted: a person will review your photos.',
  updateTime: 1_700_000_000,
  ...over,
})

function fill(container: HTMLElement, cls: string, value: string) {
  const host = container.querySelector(`.${cls}`)
  if (!host) throw new Error(`no .${cls}`)
  const el = (host.querySelector('input') ?? host) as HTMLInputElement
  el.value = value
  fireEvent.input(el, { target: { value }, detail: { value } })
  host.dispatchEvent(new CustomEvent('input', { detail: { value }, bubbles: true }))
}

function click(container: HTMLElement, cls: string) {
  const el = container.querySelector(`.${cls}`)
  if (!el) throw new Error(`no .${cls}`)
  fireEvent.click(el)
}

const inputValue = (container: HTMLElement, cls: string) => {
  const host = container.querySelector(`.${cls}`) as HTMLInputElement | null
  return (host?.querySelector('input') ?? host)?.value
}

beforeEach(() => {
  useSession.getState().setLogin({ token: 't', userAccount: 'u1' })
  certDraft.clear()
})
afterEach(() => cleanup())

describe('ID number rules', () => {
  it('accepts a valid number (lower-case x too) and names a wrong format or check digit', () => {
    expect(idCardError(VALID_ID)).toBeUndefined()
    expect(idCardError(' 11010519491231002x ')).toBeUndefined()
    expect(idCardError('110105194912310021')).toBe('verify.err.idChecksum')
    expect(idCardError('11010519491231002')).toBe('verify.err.idFormat')
    expect(idCardError('1101051949123100XX')).toBe('verify.err.idFormat')
    expect(idCardError('310104199913501235')).toBe('verify.err.idBirthdate')
    expect(maskName('张三丰')).toBe('张**')
  })
})

describe('identity certification, step 1', () => {
  it('pending: says it waits for manual review and shows no form', async () => {
    vi.mocked(userApi.getInfo).mockResolvedValue(user({ certStatus: learn.REVIEW_STATUS.pending }))
    const { container, findByText } = render(<VerifyInput />)
    expect(await findByText('已提交，等待人工审核')).toBeTruthy()
    expect(container.querySelector('.verify-realname')).toBeNull()
    expect(container.querySelector('.verify-next')).toBeNull()
  })

  it('approved: the masked name and ID, no form', async () => {
    vi.mocked(userApi.getInfo).mockResolvedValue(user({ certStatus: learn.REVIEW_STATUS.approved }))
    const { container, findByText } = render(<VerifyInput />)
    expect(await findByText('已通过实名认证')).toBeTruthy()
    expect(container.querySelector('.verify-approved-name')?.textContent).toBe('张**')
    expect(container.querySelector('.verify-approved-id')?.textContent).toBe('1101********002X')
    expect(container.querySelector('.verify-idcard')).toBeNull()
  })

  it('rejected: asks to submit again, with the form', async () => {
    vi.mocked(userApi.getInfo).mockResolvedValue(user({ certStatus: learn.REVIEW_STATUS.rejected }))
    const { container, findByText } = render(<VerifyInput />)
    expect(await findByText('认证未通过，请重新提交')).toBeTruthy()
    expect(container.querySelector('.verify-idcard')).not.toBeNull()
  })

  it('a wrong check digit is named and nothing moves on', async () => {
    vi.mocked(userApi.getInfo).mockResolvedValue(user())
    vi.mocked(upload.chooseAndUploadImages).mockResolvedValue([uploaded('/oss/id.jpg')])
    vi.mocked(learn.idCardOcr).mockResolvedValue({ status: 1, provider: 'local', realName: '', idCard: '', msg: '' })
    const { container, findByText } = render(<VerifyInput />)
    await waitFor(() => expect(container.querySelector('.verify-idcard')).not.toBeNull())
    click(container, 'verify-pick-id')
    await waitFor(() => expect(learn.idCardOcr).toHaveBeenCalled())
    act(() => {
      fill(container, 'verify-realname', '张三')
      fill(container, 'verify-idcard', '110105194912310021')
    })
    click(container, 'verify-next')
    expect(await findByText('身份证号校验位不正确，请检查是否输错')).toBeTruthy()
    expect(Taro.navigateTo).not.toHaveBeenCalled()
    expect(certDraft.get()).toBeNull()
  })

  it('upload with progress -> OCR message shown -> typed data carried to step 2', async () => {
    vi.mocked(userApi.getInfo).mockResolvedValue(user())
    let finish: (v: ReturnType<typeof uploaded>[]) => void = () => undefined
    vi.mocked(upload.chooseAndUploadImages).mockImplementation((opts) => {
      opts?.onProgress?.(40)
      return new Promise((resolve) => {
        finish = resolve
      })
    })
    vi.mocked(learn.idCardOcr).mockResolvedValue({
      status: 1,
      provider: 'local',
      realName: '',
      idCard: '',
      msg: 'No OCR provider: the card was not read automatically.',
    })
    const { container, findByText } = render(<VerifyInput />)
    await waitFor(() => expect(container.querySelector('.verify-pick-id')).not.toBeNull())
    click(container, 'verify-pick-id')
    expect(await findByText('上传中 40%')).toBeTruthy()
    await act(async () => finish([uploaded('/oss/t1001/u1/img/id.jpg')]))
    expect(await findByText('No OCR provider: the card was not read automatically.')).toBeTruthy()
    expect(container.querySelector('.verify-ocr-hint')?.textContent).toBe('未能自动识别，请手动填写姓名和身份证号')
    expect(learn.idCardOcr).toHaveBeenCalledWith('/oss/t1001/u1/img/id.jpg', 'front', expect.anything())
    act(() => {
      fill(container, 'verify-realname', ' 张三 ')
      fill(container, 'verify-idcard', '11010519491231002x')
    })
    click(container, 'verify-next')
    expect(Taro.navigateTo).toHaveBeenCalledWith({ url: '/pages2/verify/input2' })
    expect(certDraft.get()).toEqual({ realName: '张三', idCard: VALID_ID, idCardImageUrl: '/oss/t1001/u1/img/id.jpg' })
  })

  it('fills name and number when the OCR read them', async () => {
    vi.mocked(userApi.getInfo).mockResolvedValue(user())
    vi.mocked(upload.chooseAndUploadImages).mockResolvedValue([uploaded('/oss/id.jpg')])
    vi.mocked(learn.idCardOcr).mockResolvedValue({
      status: 2,
      provider: 'cloud',
      realName: '李四',
      idCard: VALID_ID,
      msg: '',
    })
    const { container } = render(<VerifyInput />)
    await waitFor(() => expect(container.querySelector('.verify-pick-id')).not.toBeNull())
    click(container, 'verify-pick-id')
    await waitFor(() => expect(inputValue(container, 'verify-realname')).toBe('李四'))
    expect(inputValue(container, 'verify-idcard')).toBe(VALID_ID)
  })

  it('an upload failure says so, reads nothing and keeps the learner here', async () => {
    vi.mocked(userApi.getInfo).mockResolvedValue(user())
    vi.mocked(upload.chooseAndUploadImages).mockRejectedValue(new upload.UploadError('upload interface error'))
    const { container, findByText } = render(<VerifyInput />)
    await waitFor(() => expect(container.querySelector('.verify-pick-id')).not.toBeNull())
    click(container, 'verify-pick-id')
    expect(await findByText('照片上传失败，请重试')).toBeTruthy()
    expect(learn.idCardOcr).not.toHaveBeenCalled()
    act(() => {
      fill(container, 'verify-realname', '张三')
      fill(container, 'verify-idcard', VALID_ID)
    })
    click(container, 'verify-next')
    expect(await findByText('请上传身份证人像面照片')).toBeTruthy()
    expect(Taro.navigateTo).not.toHaveBeenCalled()
  })
})

describe('identity certification, step 2', () => {
  const draft = { realName: '张三', idCard: VALID_ID, idCardImageUrl: '/oss/id.jpg' }

  it('face photo (camera) -> its check message -> submit -> pending for manual review, never "certified"', async () => {
    certDraft.set(draft)
    vi.mocked(upload.chooseAndUploadImages).mockResolvedValue([uploaded('/oss/face.jpg')])
    vi.mocked(learn.faceRecognition).mockResolvedValue({
      status: learn.REVIEW_STATUS.pending,
      provider: 'local',
      similarity: null,
      msg: 'Photo stored; a person will compare it.',
    })
    vi.mocked(learn.submitCertification).mockResolvedValue(certification())
    vi.mocked(userApi.getInfo).mockResolvedValue(user({ certStatus: learn.REVIEW_STATUS.pending }))
    const { container, findByText } = render(<VerifyInput2 />)
    click(container, 'verify-take-face')
    expect(await findByText('Photo stored; a person will compare it.')).toBeTruthy()
    expect(vi.mocked(upload.chooseAndUploadImages).mock.calls[0]?.[0]).toMatchObject({ sourceType: ['camera'] })
    click(container, 'verify-submit')
    expect(await findByText('已提交，等待人工审核')).toBeTruthy()
    expect(learn.submitCertification).toHaveBeenCalledWith({ ...draft, faceImageUrl: '/oss/face.jpg' })
    expect(container.querySelector('.verify-result-msg')?.textContent).toBe(
      'Submitted: a person will review your photos.',
    )
    expect(container.textContent).not.toContain('已通过')
    expect(container.textContent).not.toContain('已认证')
    await waitFor(() => expect(useSession.getState().userInfo?.certStatus).toBe(learn.REVIEW_STATUS.pending))
    expect(certDraft.get()).toBeNull()
    click(container, 'verify-to-info')
    expect(Taro.redirectTo).toHaveBeenCalledWith({ url: '/pages2/verify/info_fill' })
  })

  it('a failed face upload submits nothing', async () => {
    certDraft.set(draft)
    vi.mocked(upload.chooseAndUploadImages).mockRejectedValue(new Error('network'))
    const { container, findByText } = render(<VerifyInput2 />)
    click(container, 'verify-take-face')
    expect(await findByText('照片上传失败，请重试')).toBeTruthy()
    expect(learn.faceRecognition).not.toHaveBeenCalled()
    click(container, 'verify-submit')
    expect(await findByText('请先拍摄人脸照片')).toBeTruthy()
    expect(learn.submitCertification).not.toHaveBeenCalled()
  })

  it('a refused submit keeps the form (the request layer shows why)', async () => {
    certDraft.set(draft)
    vi.mocked(upload.chooseAndUploadImages).mockResolvedValue([uploaded('/oss/face.jpg')])
    vi.mocked(learn.faceRecognition).mockRejectedValue(new ApiError(624, 'face provider not configured'))
    vi.mocked(learn.submitCertification).mockRejectedValue(new ApiError(400, 'idCard: bad'))
    const { container, findByText } = render(<VerifyInput2 />)
    click(container, 'verify-take-face')
    expect(await findByText('face provider not configured')).toBeTruthy()
    click(container, 'verify-submit')
    await waitFor(() => expect(learn.submitCertification).toHaveBeenCalledTimes(1))
    expect(container.querySelector('.verify-submit')).not.toBeNull()
    expect(container.querySelector('.verify-result')).toBeNull()
    expect(certDraft.get()).toEqual(draft)
  })

  it('without step 1 data: sends the learner back to step 1', async () => {
    const { container, findByText } = render(<VerifyInput2 />)
    expect(await findByText('请先填写身份信息')).toBeTruthy()
    click(container, 'verify-to-step1')
    expect(Taro.redirectTo).toHaveBeenCalledWith({ url: '/pages2/verify/input' })
  })
})

describe('personal info confirmation', () => {
  it('masked phone and ID, the status with a link, saves only what changed', async () => {
    vi.mocked(userApi.getInfo).mockResolvedValue(user())
    vi.mocked(userApi.editUser).mockResolvedValue(null)
    const { container } = render(<InfoFill />)
    await waitFor(() => expect(container.querySelector('.verify-info-phone')?.textContent).toBe('138****5678'))
    expect(container.querySelector('.verify-info-idcard')?.textContent).toBe('1101********002X')
    expect(container.querySelector('.verify-info-cert')?.textContent).toBe('未认证')
    click(container, 'verify-info-cert-go')
    expect(Taro.navigateTo).toHaveBeenCalledWith({ url: '/pages2/verify/input' })
    await waitFor(() => expect(inputValue(container, 'verify-info-school')).toBe('Old School'))
    act(() => fill(container, 'verify-info-school', 'New School'))
    click(container, 'verify-info-save')
    await waitFor(() => expect(userApi.editUser).toHaveBeenCalledWith({ school: 'New School' }))
  })

  it('refuses an empty name and a school over 60 characters', async () => {
    vi.mocked(userApi.getInfo).mockResolvedValue(user())
    const { container, findByText } = render(<InfoFill />)
    await waitFor(() => expect(inputValue(container, 'verify-info-name')).toBe('张三丰'))
    act(() => {
      fill(container, 'verify-info-name', ' ')
      fill(container, 'verify-info-school', 'x'.repeat(61))
    })
    click(container, 'verify-info-save')
    expect(await findByText('请输入 1-30 个字的姓名')).toBeTruthy()
    expect(await findByText('不能超过60个字')).toBeTruthy()
    expect(userApi.editUser).not.toHaveBeenCalled()
  })

  it('the name is fixed once a certification is pending', async () => {
    vi.mocked(userApi.getInfo).mockResolvedValue(user({ certStatus: learn.REVIEW_STATUS.pending }))
    const { container, findByText } = render(<InfoFill />)
    expect(await findByText('已提交实名认证，姓名不能修改')).toBeTruthy()
    expect(container.querySelector('.verify-info-name input')).toBeNull()
    expect(container.querySelector('.verify-info-cert')?.textContent).toBe('审核中')
  })

  const detail = (over: Partial<Awaited<ReturnType<typeof examApi.infoDetail>>> = {}) => ({
    realName: '张三丰',
    idCard: '1101********002X',
    telPhone: '138****5678',
    eduLevel: '',
    certStatus: 2,
    confirmed: false,
    confirmedTime: null,
    missing: [],
    ...over,
  })

  it('confirms the details for exams, then shows when', async () => {
    vi.mocked(userApi.getInfo).mockResolvedValue(user())
    vi.mocked(examApi.infoDetail)
      .mockResolvedValueOnce(detail())
      .mockResolvedValue(detail({ confirmed: true, confirmedTime: 1_780_000_000 }))
    vi.mocked(examApi.confirmInfo).mockResolvedValue(detail({ confirmed: true, confirmedTime: 1_780_000_000 }))
    const { container, findByText } = render(<InfoFill />)
    await waitFor(() => expect(container.querySelector('.verify-confirm-btn')).not.toBeNull())
    click(container, 'verify-confirm-btn')
    await waitFor(() => expect(examApi.confirmInfo).toHaveBeenCalled())
    expect(await findByText(/已于 .* 确认/)).toBeTruthy()
    expect(container.querySelector('.verify-confirm-btn')).toBeNull()
  })

  it('cannot confirm while the name or ID number is missing', async () => {
    vi.mocked(userApi.getInfo).mockResolvedValue(user({ idCard: '' }))
    vi.mocked(examApi.infoDetail).mockResolvedValue(detail({ idCard: '', missing: ['idCard'] }))
    const { container, findByText } = render(<InfoFill />)
    expect(await findByText('请先完成实名认证，补全姓名和身份证号后再确认')).toBeTruthy()
    expect(container.querySelector('.verify-confirm-btn')?.hasAttribute('disabled')).toBe(true)
  })

  it('a failed load offers a retry', async () => {
    vi.mocked(userApi.getInfo).mockRejectedValueOnce(new ApiError(500, 'down')).mockResolvedValue(user())
    const { container, findByText } = render(<InfoFill />)
    fireEvent.click(await findByText('重试'))
    await waitFor(() => expect(container.querySelector('.verify-info-phone')).not.toBeNull())
  })
})

describe('My account entries', () => {
  it('courses, hours, materials and certification with its status', async () => {
    vi.mocked(userApi.infoAttached).mockResolvedValue({
      informSum: 0,
      orderSum: 0,
      periodSum: 0,
      planSum: 0,
      subscribeSum: 0,
    })
    vi.mocked(userApi.getInfo).mockResolvedValue(user({ certStatus: learn.REVIEW_STATUS.pending }))
    useSession.getState().setUserInfo(user({ certStatus: learn.REVIEW_STATUS.pending }))
    const { container } = render(<Wd />)
    expect(container.querySelector('.wd-cert-status')?.textContent).toBe('审核中')
    const targets: Record<string, string> = {
      'wd-menu-class': '/pages2/wd/class',
      'wd-menu-stuff': '/pages2/wd/stuff',
      'wd-menu-hours': '/pages2/learn/my_learn',
      'wd-menu-verify': '/pages2/verify/input',
    }
    for (const [cls, url] of Object.entries(targets)) {
      click(container, cls)
      expect(Taro.navigateTo).toHaveBeenLastCalledWith({ url })
    }
    useSession.getState().clear()
  })
})
