import { describe, expect, it } from 'vitest'
import { initialWidgetState, isOn, widgetReducer } from '@/components/floating-widget/state'

describe('floating widget reducer', () => {
  it('starts collapsed with no panel', () => {
    expect(initialWidgetState).toEqual({ expanded: false, panel: 'none' })
  })

  it('expands and collapses; collapsing closes the open panel', () => {
    const open = widgetReducer(initialWidgetState, { type: 'toggleExpanded' })
    expect(open).toEqual({ expanded: true, panel: 'none' })
    const withPanel = widgetReducer(open, { type: 'togglePanel', panel: 'hotline' })
    expect(widgetReducer(withPanel, { type: 'toggleExpanded' })).toEqual({ expanded: false, panel: 'none' })
  })

  it('keeps one panel at a time and toggles the open one closed', () => {
    let s = widgetReducer(initialWidgetState, { type: 'togglePanel', panel: 'hotline' })
    expect(s).toEqual({ expanded: true, panel: 'hotline' })
    s = widgetReducer(s, { type: 'togglePanel', panel: 'wechat' })
    expect(s.panel).toBe('wechat')
    s = widgetReducer(s, { type: 'togglePanel', panel: 'wechat' })
    expect(s).toEqual({ expanded: true, panel: 'none' })
  })

  it('collapse resets everything', () => {
    const s = widgetReducer({ expanded: true, panel: 'wechat' }, { type: 'collapse' })
    expect(s).toEqual(initialWidgetState)
  })

  it('reads config flags', () => {
    for (const on of [1, '1', true, 'Y', 'true']) expect(isOn(on)).toBe(true)
    for (const off of [0, '0', false, null, undefined, '', 'N']) expect(isOn(off)).toBe(false)
  })
})
