import { configure } from '@testing-library/react';

// The machine running the suite may be busy: wait longer for dialogs and validation to appear.
configure({ asyncUtilTimeout: 5_000 });
