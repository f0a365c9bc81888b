package dev.gpudra.kit.dra;

import java.util.List;

/**
 * Request names as the kubelet matches them against container claim references: the base request
 * name, without a {@code /subrequest} suffix.
 */
public final class RequestNames {
  private RequestNames() {}

  /** {@code gpu/sub-a} becomes {@code gpu}; {@code gpu} stays. */
  public static String base(String requestName) {
    int slash = requestName.indexOf('/');
    return slash < 0 ? requestName : requestName.substring(0, slash);
  }

  /** Base names, first occurrence kept, duplicates dropped. */
  public static List<String> base(List<String> requestNames) {
    return requestNames.stream().map(RequestNames::base).distinct().toList();
  }
}
