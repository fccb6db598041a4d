import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ROLES } from '@shared/constants/domain';
import {
  currentUserSchema,
  REGISTERED_MESSAGES,
  registerResponseSchema,
  registerSchema,
  signInResponseSchema,
  signInSchema,
  verifyEmailResponseSchema,
  verifyEmailSchema,
} from '@shared/schemas/auth';
import { messageResponseSchema } from '@shared/schemas/common';
import { AppError } from '../../infra/app-error';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_S } from '../../domain/sign-in-throttle';
import { VERIFY_EMAIL_TTL_MS } from '../../domain/account-mail';
import { SESSION_COOKIE, SESSION_TTL_MS } from '../../infra/session';
import { errorResponsesFor } from '../../infra/route-errors';
import { createAuthService, toCurrentUser } from './auth.service';
import { REGISTRATION_COOKIE } from './registration-proof';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = createAuthService(app);
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: app.config.env === 'production',
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  };
  const errors = {
    ...errorResponsesFor(400, 401, 403, 409, 429),
  };
  /** Lives as long as the confirmation link, sent only to the auth API of this site. */
  const registrationCookie = {
    ...cookieOptions,
    path: '/api/auth',
    sameSite: 'strict' as const,
    maxAge: Math.floor(VERIFY_EMAIL_TTL_MS / 1000),
  };

  app.post(
    '/api/auth/signin',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Sign in (sets the session cookie)',
        operationId: 'signIn',
        tags: ['auth'],
        body: signInSchema,
        response: { 200: signInResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { user, deviceCookie } = await auth.signIn(
        request.body,
        request.ip,
        request.cookies[DEVICE_COOKIE],
      );
      // Rotate: whatever session the browser had is dropped, a new one is issued.
      if (request.user) await auth.endSession(request.user.sessionId);
      const { token } = await auth.createSession(user.id, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      reply.setCookie(SESSION_COOKIE, token, cookieOptions);
      // This browser is now the account's known device (domain/sign-in-throttle).
      reply.setCookie(DEVICE_COOKIE, deviceCookie, {
        ...cookieOptions,
        path: '/api/auth',
        sameSite: 'strict',
        maxAge: DEVICE_COOKIE_MAX_AGE_S,
      });
      return { user, message: 'Successfully signed in.' };
    },
  );

  app.post(
    '/api/auth/register',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Create an account',
        operationId: 'register',
        tags: ['auth'],
        body: registerSchema,
        response: { 201: registerResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { proof, signInUserId } = await auth.register(request.body, request.ip);
      // The same status and body whether the address was new or already had an account (its
      // owner is e-mailed then). The proof cookie lets the confirmation link sign the person in
      // again, in this browser only.
      reply.setCookie(REGISTRATION_COOKIE, proof, registrationCookie);
      if (signInUserId !== null) {
        // The new account is signed in, as after Sign In (a technician's pages then say it
        // awaits approval; a customer follows their requests at once).
        if (request.user) await auth.endSession(request.user.sessionId);
        const { token } = await auth.createSession(signInUserId, {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        });
        reply.setCookie(SESSION_COOKIE, token, cookieOptions);
      }
      return reply.status(201).send({ message: REGISTERED_MESSAGES[request.body.accountType] });
    },
  );

  app.post(
    '/api/auth/verify-email',
    {
      // Public: the e-mailed token is the credential (only its SHA-256 is stored).
      config: { access: 'public', rateLimit: { max: 20, timeWindow: '10 minutes' } },
      schema: {
        summary: 'Confirm an e-mail address with its token',
        operationId: 'verifyEmail',
        tags: ['auth'],
        body: verifyEmailSchema,
        response: { 200: verifyEmailResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { signInUserId, ...answer } = await auth.verifyEmail(
        request.body.token,
        request.cookies[REGISTRATION_COOKIE],
      );
      if (signInUserId === null) return { ...answer, signedIn: false };
      // The browser that registered opened the link: the person is signed in, as after Sign In.
      if (request.user) await auth.endSession(request.user.sessionId);
      const { token } = await auth.createSession(signInUserId, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      reply.setCookie(SESSION_COOKIE, token, cookieOptions);
      reply.clearCookie(REGISTRATION_COOKIE, { path: registrationCookie.path });
      return { ...answer, signedIn: true };
    },
  );

  app.post(
    '/api/auth/verify-email/resend',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: 'Send the e-mail confirmation again',
        operationId: 'resendEmailVerification',
        tags: ['auth'],
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => auth.resendVerification(request.user!),
  );

  app.post(
    '/api/auth/signout',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Sign out',
        operationId: 'signOut',
        tags: ['auth'],
        response: { 200: messageResponseSchema },
      },
    },
    async (request, reply) => {
      if (request.user) await auth.endSession(request.user.sessionId);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { message: 'Signed out' };
    },
  );

  app.get(
    '/api/auth/current-user',
    {
      config: { access: 'public' },
      schema: {
        summary: 'The signed-in user, or none',
        operationId: 'getCurrentUser',
        tags: ['auth'],
        querystring: z.object({ role: z.enum(ROLES).optional().catch(undefined) }),
        response: { 200: currentUserSchema, ...errorResponsesFor(401) },
      },
    },
    async (request) => {
      const role = request.query.role;
      // Demo mode only: ?role= shows the demo account of that role. It changes what the
      // client shows, never what the server allows: every other route uses the real session.
      if (role && app.config.demoMode) {
        const demo = await auth.demoUser(role);
        if (demo) return demo;
      }
      if (!request.user) throw new AppError(401, 'Not signed in');
      return toCurrentUser(request.user);
    },
  );
};
