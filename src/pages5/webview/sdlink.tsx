import LinkPage from './link-page'

export default function SdLink() {
  return <LinkPage allowPages={true} />
}
