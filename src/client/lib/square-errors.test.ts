import { describe, expect, it } from 'vitest';
import { squareSetupErrorMessage } from './square-errors';

describe('squareSetupErrorMessage', () => {
  it("maps the Web Payments SDK's setup errors to the spec's texts", () => {
    expect(
      squareSetupErrorMessage({
        name: 'ApplicationIdEnvironmentMismatchError',
        message: 'The applicationId is for the sandbox environment',
      }),
    ).toBe(
      'Your Square credentials are for a different environment. Please verify your Application ID matches your account type.',
    );
    expect(
      squareSetupErrorMessage({ name: 'InvalidLocationIdError', message: 'locationId is invalid' }),
    ).toBe('Invalid Square location ID. Please check your location settings.');
    expect(squareSetupErrorMessage(new Error('boom'))).toBe('Failed to initialize payment form.');
    expect(squareSetupErrorMessage(null)).toBe('Failed to initialize payment form.');
  });
});
