import account from './account'
import bank from './bank'
import bankList from './bankList'
import order from './order'
import shell from './shell'
import shop from './shop'

export default { ...shell, ...account, ...order, ...shop, ...bank, ...bankList }
