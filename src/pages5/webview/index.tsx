import LinkPage from './link-page'

export default function WebviewIndex() {
  return <LinkPage allowPages={false} />
}
