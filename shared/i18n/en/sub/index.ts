import account from './account'
import bank from './bank'
import bankList from './bankList'
import learn from './learn'
import order from './order'
import shop from './shop'
import verify from './verify'

export default { ...account, ...order, ...shop, ...bank, ...bankList, ...learn, ...verify }
