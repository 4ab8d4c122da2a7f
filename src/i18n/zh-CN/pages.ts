import account from './account'
import bank from './bank'
import bankList from './bankList'
import learn from './learn'
import order from './order'
import shell from './shell'
import shop from './shop'
import upload from './upload'
import verify from './verify'

export default { ...shell, ...account, ...order, ...shop, ...bank, ...bankList, ...learn, ...verify, ...upload }
