/** Floating service widget (spec §4): expanded or collapsed; at most one panel open (hotline or social messaging). */
export type Panel = 'none' | 'hotline' | 'wechat'

export interface WidgetState {
  expanded: boolean
  panel: Panel
}

export type WidgetAction =
  | { type: 'toggleExpanded' }
  | { type: 'togglePanel'; panel: Exclude<Panel, 'none'> }
  | { type: 'collapse' }

export const initialWidgetState: WidgetState = { expanded: false, panel: 'none' }

export function widgetReducer(state: WidgetState, action: WidgetAction): WidgetState {
  switch (action.type) {
    case 'toggleExpanded':
      return state.expanded ? { expanded: false, panel: 'none' } : { expanded: true, panel: 'none' }
    case 'togglePanel':
      // opening a panel expands the widget; tapping the open panel closes it; another panel replaces it
      return { expanded: true, panel: state.panel === action.panel ? 'none' : action.panel }
    case 'collapse':
      return initialWidgetState
    default:
      return state
  }
}

/** Config flags arrive as 1/'1'/true/'Y'/'true'; anything else is off. */
export function isOn(flag: unknown): boolean {
  return flag === true || flag === 1 || flag === '1' || flag === 'Y' || flag === 'y' || flag === 'true'
}
