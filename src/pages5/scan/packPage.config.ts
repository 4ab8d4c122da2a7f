export default definePageConfig({ navigationBarTitleText: '精选套餐' })
