import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/build-test-app';
import { createTechnician, signIn } from '../../../../tests/helpers/factories';
import { uploadDocument } from '../../../../tests/helpers/onboarding-factories';
import { documents } from '../../db/schema';
import { ObjectMissing } from '../../infra/storage';

const TOKEN = 'metrics-token-for-tests-0123456789';

describe('a public profile photo whose file was lost', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { metricsToken: TOKEN } });
  });
  afterAll(() => t.close());

  const missingCount = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    const line = res.body
      .split('\n')
      .find((l) => l.startsWith('wrenchly_storage_missing_objects_total '));
    return Number(line?.split(' ')[1]);
  };

  it('answers 404 as request photos and documents do, and counts the missing object', async () => {
    const { user, technician } = await createTechnician(t.app);
    const cookie = await signIn(t.app, user.username!);
    const photo = await uploadDocument(t.app, { cookie, body: { kind: 'profilePhoto' } });
    const set = await t.app.inject({
      method: 'PATCH',
      url: '/api/technicians/me',
      headers: { cookie },
      payload: { profilePhotoDocumentId: photo.documentId },
    });
    expect(set.statusCode).toBe(200);
    const url = `/api/technicians/${technician.id}/photo/${photo.documentId}`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    expect(await missingCount()).toBe(0);

    // The file goes (a lost volume, a bucket cleaned by hand); its record stays.
    const [doc] = await t.app.db
      .select({ storageKey: documents.storageKey })
      .from(documents)
      .where(eq(documents.id, photo.documentId));
    await t.app.storage.remove(doc!.storageKey);
    await expect(t.app.storage.read(doc!.storageKey)).rejects.toBeInstanceOf(ObjectMissing);

    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Photo not found' });
    // The read above and the request's.
    expect(await missingCount()).toBe(2);
  });
});
