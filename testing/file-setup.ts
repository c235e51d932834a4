import { forgetAuthenticators } from '@onboard/platform/testing/http-client';

// Before each test file, also in a worker that shares its modules across files (`isolate: false`): the
// file starts on databases of its own, so what the test client remembered of the servers before is
// forgotten.
forgetAuthenticators();
