export default definePageConfig({ navigationBarTitleText: '全部解析' })
