export declare const CHROMIUM_ARGS: string[];
/** The browser's path, unpacking the packaged one when no browser is installed. */
export declare function chromiumPath(): Promise<string>;
/** The same path without waiting: valid once `chromiumPath()` has run. */
export declare function chromiumPathSync(): string;
/** Where the browser comes from, for messages. */
export declare function chromiumSource(): string;
