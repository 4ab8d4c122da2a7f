/** Identity and face certification, personal info confirmation, study hours, materials (handouts). */
export default {
  'verify.menu.class': '我的网课',
  'verify.menu.stuff': '学习资料',
  'verify.menu.hours': '我的学时',
  'verify.menu.cert': '实名认证',
  'verify.status.0': '未认证',
  'verify.status.1': '审核中',
  'verify.status.2': '已认证',
  'verify.status.3': '未通过',

  'myLearn.credited': '已获学时',

  'stuff.empty': '暂无资料',
  'stuff.free': '免费',
  'stuff.count': '共 {n} 份',
  'stuff.opening': '正在打开…',
  'stuff.openFailed': '文件打开失败，请稍后重试',
  'stuff.tip.title': '资料使用说明',
  'stuff.tip.content': '资料会在{where}中打开。资料仅供你本人学习使用，请勿转发或传播。',
  'stuff.where.weapp': '微信的文件预览',
  'stuff.where.h5': '浏览器的新窗口',

  'information.title': '课程资料',
  'information.login': '登录后可查看并打开本课程的资料',
  'information.locked': '购买课程后可以打开全部资料，标有“免费”的资料可直接打开',
  'information.lockedAll': '购买课程后可查看本课程的资料',
  'information.locked.row': '购买后可看',
  'information.toGoods': '查看课程',
  'information.home': '返回首页',
} as const
