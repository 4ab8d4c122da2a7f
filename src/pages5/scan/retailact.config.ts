export default definePageConfig({ navigationBarTitleText: '限时活动' })
