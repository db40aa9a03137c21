import type { IncomingMessage, ServerResponse } from "node:http";

export declare const SERVED_METHODS: string[];
export declare function familyOf(pathname: string): "gateway" | "detail" | "page";
export declare function readablePath(pathname: string): boolean;
export declare function refuseUnreadableRequest(req: IncomingMessage, res: ServerResponse): boolean;
