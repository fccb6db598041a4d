import { UPLOAD_MESSAGES } from './uploads';

/** How many photos of the problem one service request may carry. */
export const MAX_REQUEST_PHOTOS = 5;

/** The types a photo of the problem may be (HEIC/HEIF is what iPhones take). */
export const REQUEST_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/heic', 'image/heif'] as const;

/** For the photo inputs' `accept`: any image (the camera's), and HEIC by name for older pickers. */
export const REQUEST_PHOTO_ACCEPT = 'image/*,.heic,.heif';

export const REQUEST_PHOTO_MESSAGES = {
  tooLarge: UPLOAD_MESSAGES.tooLarge,
  /** Where HEIC photos are read (a libvips built with an HEVC decoder). */
  unsupportedType: 'Unsupported file type: attach a JPEG, PNG or HEIC photo',
  /** Where they are not: the refusal never names a type that would be refused too. */
  unsupportedTypeNoHeic: 'Unsupported file type: attach a JPEG or PNG photo',
  heicUnsupported:
    'HEIC photos cannot be read yet: please attach a JPEG or PNG (on an iPhone, Settings > Camera > Formats > Most Compatible)',
  unreadable: 'This photo could not be read: please attach another JPEG or PNG',
  tooManyPixels:
    'This photo is too large to process (over 50 megapixels): please attach a smaller one',
  busy: 'Many photos are being processed right now: please try again in a few seconds',
  tooMany: `You can attach up to ${MAX_REQUEST_PHOTOS} photos`,
  expired: 'A photo upload has expired: please remove it and attach it again',
  notFound: 'A photo could not be found: please remove it and attach it again',
  alreadyUsed: 'A photo is already attached to another request: please attach it again',
} as const;
