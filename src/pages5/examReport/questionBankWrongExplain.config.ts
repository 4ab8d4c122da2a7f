export default definePageConfig({ navigationBarTitleText: '错题解析' })
