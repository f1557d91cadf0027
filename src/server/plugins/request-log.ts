import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * Fastify logs two info lines per request ("incoming request", "request completed"); at our request rates
 * that is most of the log and a measurable share of the CPU. They move to debug (LOG_LEVEL=debug brings them
 * back); requests that fail are still logged as errors, and warnings are untouched.
 */
export class QuietRequestLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) super.requestCompleted(error, request, reply);
    else reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
