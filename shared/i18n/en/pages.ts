import account from './account'
import bankList from './bankList'
import learn from './learn'
import order from './order'
import shell from './shell'
import shop from './shop'
import upload from './upload'
import verify from './verify'

export default { ...shell, ...account, ...order, ...shop, ...bankList, ...learn, ...verify, ...upload }
