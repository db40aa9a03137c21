/** A backlog file that cannot be read as any format we know; the message says why, for the person who sent it. */
export class BacklogError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BacklogError";
  }
}
