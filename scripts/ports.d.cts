export declare function freePort(): Promise<number>;
export declare function renewN8nPorts(env: Record<string, string | undefined>): Promise<void>;
export declare function retryOnPortTaken<T>(
	env: Record<string, string | undefined>,
	attempt: () => Promise<T>,
	tries?: number,
): Promise<T>;
export declare const PORT_TAKEN: RegExp;
