import { createContext } from "react";

/**
 * The Content-Security-Policy nonce of the page being rendered on the server, for React Router's
 * inline scripts. The browser never needs it (its scripts are already allowed), so it is undefined there.
 */
export const CspNonce = createContext<string | undefined>(undefined);
