export default definePageConfig({ navigationBarTitleText: '为你推荐' })
