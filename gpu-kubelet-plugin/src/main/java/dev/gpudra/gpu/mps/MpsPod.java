package dev.gpudra.gpu.mps;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * How the MPS control daemons' pods pull and run the driver's image, from NVIDIA's 0.5 flags.
 *
 * @param pullPolicy {@code --image-pull-policy} ({@code IMAGE_PULL_POLICY}): Always, IfNotPresent
 *     or Never
 * @param pullSecrets {@code --image-pull-secrets} ({@code IMAGE_PULL_SECRETS}): the Secrets' names
 * @param serviceAccount {@code --service-account-name} ({@code SERVICE_ACCOUNT_NAME}); empty: the
 *     namespace's default account
 */
public record MpsPod(String pullPolicy, List<String> pullSecrets, String serviceAccount) {
  private static final Set<String> POLICIES = Set.of("Always", "IfNotPresent", "Never");

  public static final MpsPod DEFAULTS = new MpsPod("IfNotPresent", List.of(), "");

  public MpsPod {
    Objects.requireNonNull(serviceAccount, "serviceAccount");
    pullSecrets = List.copyOf(pullSecrets);
    if (!POLICIES.contains(pullPolicy)) {
      throw new IllegalArgumentException(
          "--image-pull-policy (IMAGE_PULL_POLICY) must be Always, IfNotPresent or Never, got \""
              + pullPolicy
              + "\"");
    }
  }

  /** The flags as given: blank ones take the defaults; secrets are comma-separated. */
  public static MpsPod parse(String pullPolicy, String pullSecrets, String serviceAccount) {
    return new MpsPod(
        blank(pullPolicy) ? DEFAULTS.pullPolicy() : pullPolicy.strip(),
        blank(pullSecrets)
            ? List.of()
            : Arrays.stream(pullSecrets.split(","))
                .map(String::strip)
                .filter(s -> !s.isEmpty())
                .toList(),
        blank(serviceAccount) ? "" : serviceAccount.strip());
  }

  private static boolean blank(String value) {
    return value == null || value.isBlank();
  }
}
