/** The gRPC status codes the vendor's schemas carry in `rpcStatus.code`, by the names the pack reads. */
export const grpcCode = {
  invalidArgument: 3,
  notFound: 5,
  permissionDenied: 7,
  resourceExhausted: 8,
  failedPrecondition: 9,
  unauthenticated: 16,
} as const
