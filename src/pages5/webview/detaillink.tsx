import LinkPage from './link-page'

export default function DetailLink() {
  return <LinkPage allowPages={false} />
}
