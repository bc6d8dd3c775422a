/** The CLI's exit codes: 0 done, 1 errors in the content, the build or the operation, 2 input the user must correct. */
export const EXIT_OK = 0;
export const EXIT_ERRORS = 1;
export const EXIT_USAGE = 2;
