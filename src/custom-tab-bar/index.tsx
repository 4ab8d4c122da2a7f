import TabBar from '@/components/tab-bar'

/** Mini-program custom tab bar (app.config tabBar.custom). */
export default function CustomTabBar() {
  return <TabBar />
}
