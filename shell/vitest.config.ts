import { frontendTestConfig } from '../vitest.frontend';

export default frontendTestConfig({ setupFiles: ['./test/setup.ts'] });
