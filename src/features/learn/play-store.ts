/**
 * What is playing (spec §3 global state playSectionId, playVID, playNextId) and which chapters of a course
 * menu are open (chapterOpen). In memory: the player sets it, the course menu highlights the section.
 */
import { create } from 'zustand'

export interface PlayState {
  playSectionId: number | null
  /** the provider's video id of the section playing */
  playVID: string
  /** the section after it in menu order (auto-next); null at the end of the goods */
  playNextId: number | null
  /** chapterId -> open; a chapter not in the map is open when it holds the section playing */
  chapterOpen: Record<number, boolean>
  setPlaying: (p: { sectionId: number; vid: string; nextId: number | null }) => void
  setChapterOpen: (chapterId: number, open: boolean) => void
  clear: () => void
}

export const usePlay = create<PlayState>()((set) => ({
  playSectionId: null,
  playVID: '',
  playNextId: null,
  chapterOpen: {},
  setPlaying: ({ sectionId, vid, nextId }) => set({ playSectionId: sectionId, playVID: vid, playNextId: nextId }),
  setChapterOpen: (chapterId, open) => set((s) => ({ chapterOpen: { ...s.chapterOpen, [chapterId]: open } })),
  clear: () => set({ playSectionId: null, playVID: '', playNextId: null, chapterOpen: {} }),
}))

/** Whether a chapter is shown open: the learner's choice, else open when it holds the section playing. */
export function isChapterOpen(
  chapterOpen: Record<number, boolean>,
  chapterId: number,
  sectionIds: readonly number[],
  playing: number | null,
): boolean {
  const chosen = chapterOpen[chapterId]
  if (chosen !== undefined) return chosen
  return playing !== null && sectionIds.includes(playing)
}
