package dev.gpudra.cli;

import picocli.CommandLine.Option;

/**
 * client-go's rate limit of API requests, as NVIDIA's processes take it ({@code --kube-api-qps},
 * {@code --kube-api-burst}). Unlike client-go's defaults (5 per second, bursts of 10: the limit
 * NVIDIA's plugin spends most of a prepare waiting on), none is set unless asked for.
 */
final class ApiClientOptions {
  /** client-go's burst when only the rate is given. */
  static final int DEFAULT_BURST = 10;

  @Option(
      names = "--kube-api-qps",
      defaultValue = "${env:KUBE_API_QPS}",
      description =
          "Requests per second to the API server (KUBE_API_QPS); unset or 0: no client-side"
              + " limit.")
  Double qps;

  @Option(
      names = "--kube-api-burst",
      defaultValue = "${env:KUBE_API_BURST}",
      description =
          "Requests let through at once above the rate (KUBE_API_BURST, default "
              + DEFAULT_BURST
              + " with a rate).")
  Integer burst;

  /**
   * @throws InvalidArgumentsException a negative rate, a burst below 1, or a burst without a rate
   */
  ApiRateLimit limit() {
    if (qps != null && qps < 0) {
      throw new InvalidArgumentsException(
          "--kube-api-qps (KUBE_API_QPS) must not be negative, got " + qps);
    }
    if (burst != null && burst < 1) {
      throw new InvalidArgumentsException(
          "--kube-api-burst (KUBE_API_BURST) must be at least 1, got " + burst);
    }
    if (qps == null || qps == 0) {
      if (burst != null) {
        throw new InvalidArgumentsException(
            "--kube-api-burst (KUBE_API_BURST) needs --kube-api-qps (KUBE_API_QPS): without a"
                + " rate no limit applies");
      }
      return ApiRateLimit.NONE;
    }
    return new ApiRateLimit(qps, burst == null ? DEFAULT_BURST : burst);
  }
}
