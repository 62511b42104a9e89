/**
 * How much one poll may do. Exported so that tests can shorten the request timeout and move the
 * clock; the node itself never changes these values.
 */
export const triggerSettings = {
	/** Records per request: the loads list accepts at most 25 (and the work-order list, A2). */
	pageSize: 25,
	/**
	 * Requests one poll may send. With n8n's shortest poll interval (1 minute) a trigger uses at most
	 * 4 of the token's 20 requests a minute, leaving the rest to the workflows; a backlog continues at
	 * the next poll.
	 */
	pagesPerPoll: 4,
	/**
	 * Requests the first read of Load Flagged may send. That read is the baseline ("flagged at
	 * activation"); spread over several polls, a load flagged meanwhile ahead of the read would
	 * count as baseline and never be emitted, so it is taken in one poll (1,000 flagged loads).
	 */
	baselinePages: 40,
	/** How long one request may take before the transport counts it as a timeout (and retries it). */
	requestTimeoutMs: 30_000,
	/**
	 * Records remembered per trigger to recognise ones already emitted. Only records inside the
	 * late-entry window are kept, so this bounds the static data n8n stores with the workflow.
	 */
	maxRemembered: 1000,
	/** Records returned by "Fetch Test Event". */
	testEventCount: 1,
	/** The clock the late-entry window and the "last N days" bound are measured against. */
	now: (): number => Date.now(),
};
