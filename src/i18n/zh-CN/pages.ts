import account from './account'
import shell from './shell'

export default { ...shell, ...account }
