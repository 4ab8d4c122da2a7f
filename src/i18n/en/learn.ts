import type zh from '../zh-CN/learn'

export default {
  'learn.notFound': 'This course does not exist or was taken down',
  'learn.loadFailedRetry': 'Failed to load, tap to retry',

  'learn.welcome.title': 'Log in to start learning',
  'learn.welcome.text': 'Log in to see your courses, continue where you left off and record study hours',

  'learn.continue.title': 'Continue where you left off',
  'learn.continue.at': 'At {at} / {total}',
  'learn.continue.go': 'Continue',

  'learn.today.title': "Today's study",
  'learn.today.sections': 'Sections',
  'learn.today.minutes': 'Minutes',
  'learn.today.hours': 'My study hours',
  'learn.today.again': 'Again',

  'learn.goods.title': 'My courses',
  'learn.goods.preference': 'First choice',
  'learn.goods.firstTag': 'First',
  'learn.goods.meta': '{courses} courses · {done}/{total} sections finished',
  'learn.goods.expire': 'Valid until {date}',
  'learn.goods.forever': 'No expiry',
  'learn.goods.expired': 'Expired',
  'learn.goods.empty': 'No courses yet',
  'learn.goods.emptyHint': 'Find a course that suits you in the purchase centre',
  'learn.goods.toShop': 'Browse courses',

  'learn.classes.title': 'My online courses',

  'learn.details.title': 'Course study',
  'learn.details.courses': 'Courses',
  'learn.details.noCourses': 'No courses in this item yet',
  'learn.details.closed': 'Study is not open now',
  'learn.details.handouts': 'Handouts',
  'learn.details.hours': 'Study hours',

  'learn.course.title': 'Course detail',
  'learn.course.required': 'Required',
  'learn.course.optional': 'Optional',
  'learn.course.teacher': 'Teacher: {name}',
  'learn.course.sections': '{done}/{total} sections finished',
  'learn.course.intro': 'About',
  'learn.course.introTitle': 'About this course',
  'learn.course.noIntro': 'No introduction yet',
  'learn.course.start': 'Start learning',
  'learn.course.again': 'Watch again',

  'learn.required.left': '{count} required courses left to finish before the exam',
  'learn.required.done': 'All required courses finished',

  'learn.grade.title': 'My class',
  'learn.grade.none': 'Not in a class yet: you join the default class when you start studying',
  'learn.grade.change': 'Change class',
  'learn.grade.close': 'Close',
  'learn.grade.teacher': 'Class teacher: {name}',
  'learn.grade.openEnded': 'Open-ended',
  'learn.grade.members': '{num}/{cap} learners',
  'learn.grade.membersOpen': '{num} learners',
  'learn.grade.current': 'Current',
  'learn.grade.pick': 'Choose',
  'learn.grade.fullTag': 'Full',
  'learn.grade.full': 'This class is full',
  'learn.grade.noOther': 'No classes to choose from',
  'learn.grade.changeTitle': 'Change class',
  'learn.grade.changeConfirm': 'Move to "{name}"?',
  'learn.grade.changed': 'Class changed',

  'learn.menu.title': 'Course contents',
  'learn.menu.empty': 'No chapters yet',

  'learn.section.notStarted': 'Not started',
  'learn.section.percent': '{percent} watched',
  'learn.section.finished': 'Finished',
  'learn.section.playing': 'Playing',

  'learn.rules.title': 'Study rules',
  'learn.rules.antiSkip':
    'No skipping ahead to parts you have not watched; once a section is finished you may seek freely',
  'learn.rules.photoAtStart': 'A photo check before you start each section',
  'learn.rules.photoRandom': '{count} photo checks at random points of each section',
  'learn.rules.none': 'No special study rules',

  'learn.preference.title': 'First choice',
  'learn.preference.hint': 'Pick a course: it comes first on the learning tab',
  'learn.preference.set': 'Make first',
  'learn.preference.current': 'First now',
  'learn.preference.saved': 'Saved',

  'learn.player.back': 'Back',
  'learn.player.closed': 'Study is not open at this time',
  'learn.player.notEntitled': 'You do not have access to this course',
  'learn.player.polyvMissing':
    'The production video player (Polyv) is not configured in this build, so this video cannot play here. Please contact the school.',
  'learn.player.progress': '{percent} watched · {credited} / {total} counted',
  'learn.player.antiSkipNote': 'You cannot skip ahead to parts you have not watched',
  'learn.player.noSkip': "You can't skip ahead of what you've watched",
  'learn.player.nextIn': 'Next section in {seconds} s',
  'learn.player.nextNow': 'Play now',
  'learn.player.lastDone': 'That was the last section: you have played all of this course',

  'learn.photo.title': 'Photo check',
  'learn.photo.startText': 'Before this section, take a photo of your face so we can confirm it is you studying',
  'learn.photo.randomText':
    'Take a photo of your face so we can confirm it is you studying; playback goes on afterwards',
  'learn.photo.take': 'Camera',
  'learn.photo.paused': 'Playback is paused: take the photo check to go on studying',
  'learn.photo.uploading': 'Uploading {percent}%',
  'learn.photo.failed': 'The photo was not saved, please try again',
} satisfies Record<keyof typeof zh, string>
