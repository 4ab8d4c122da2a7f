import account from './account'
import order from './order'
import shell from './shell'
import shop from './shop'

export default { ...shell, ...account, ...order, ...shop }
