/**
 * The handful of typed errors the APIs throw; one middleware (platform/src/http/errors.ts) maps each to
 * its status and a problem-details body with a stable `code`.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** 400 with the field messages keyed `body.<field>` (explorer §5: the web drops the `body.` prefix). */
export class ValidationError extends AppError {
  constructor(
    readonly validationError: Record<string, string>,
    message = 'Invalid request',
  ) {
    super(400, 'VALIDATION_ERROR', message, { validationError });
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Unauthorized') {
    super(401, 'UNAUTHORIZED', message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'Forbidden', code = 'FORBIDDEN') {
    super(403, code, message);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found') {
    super(404, 'NOT_FOUND', message);
  }
}

/** A stale expected version: the caller reloads and sees what changed. */
export class ConflictError extends AppError {
  constructor(
    message = 'This form was changed by someone else. Reload to see the latest version.',
    details = {},
  ) {
    super(409, 'CONFLICT', message, details);
  }
}

/** A business rule refused the command (the decider's error). */
export class RuleError extends AppError {
  constructor(code: string, message: string, details: Record<string, unknown> = {}) {
    super(422, code, message, details);
  }
}
