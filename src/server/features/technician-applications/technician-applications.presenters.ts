import { centsToDecimal } from '@shared/money';
import { APPLICATION_DOCUMENT_SLOTS, type ApplicationDetail } from '@shared/schemas/applications';
import type { DocumentLink } from '@shared/schemas/documents';
import { fullName } from '../../domain/names';
import type * as q from './technician-applications.queries';

type Found = NonNullable<Awaited<ReturnType<typeof q.applicationWithReviewer>>>;
type DocumentRow = Awaited<ReturnType<typeof q.documentsByIds>>[number];
type Slot = ReturnType<typeof documentSlots>[number];

/** The application's document slots, each with the id of the document attached to it. */
export function documentSlots(a: q.ApplicationRow) {
  return APPLICATION_DOCUMENT_SLOTS.map((s) => ({
    ...s,
    documentId:
      s.type === 'driversLicense' ? a.driversLicenseDocumentId : a.aseCertificationDocumentId,
  }));
}

export function toApplicationDocument(
  slot: Slot,
  doc: DocumentRow,
  link: DocumentLink | null,
): ApplicationDetail['documents'][number] {
  return {
    type: slot.type,
    label: slot.label,
    documentId: doc.id,
    fileName: doc.originalName,
    contentType: doc.contentType,
    sizeBytes: doc.sizeBytes,
    url: link?.url ?? null,
    expiresAt: link?.expiresAt ?? null,
  };
}

export function toApplicationDetail(
  found: Found,
  documents: ApplicationDetail['documents'],
): ApplicationDetail {
  const a = found.application;
  const reviewer = found.reviewerFirstName
    ? fullName({ firstName: found.reviewerFirstName, lastName: found.reviewerLastName })
    : found.reviewerUsername;
  return {
    id: a.id,
    firstName: a.firstName,
    lastName: a.lastName,
    email: a.email,
    phone: a.phone,
    address: a.address,
    city: a.city,
    state: a.state,
    zipCode: a.zipCode,
    yearsExperience: a.yearsExperience,
    specialties: a.specialties,
    hourlyRate: centsToDecimal(a.hourlyRateCents),
    bio: a.bio,
    status: a.status,
    submittedAt: a.createdAt.toISOString(),
    reviewedAt: a.reviewedAt?.toISOString() ?? null,
    reviewedBy: reviewer ?? null,
    reviewNotes: a.reviewNotes,
    userId: a.userId,
    documents,
  };
}
