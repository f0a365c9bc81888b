package dev.gpudra.migrate.resources;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * MIG profiles in resource names: the device plugin's {@code mixed} strategy advertises profile
 * {@code 1g.10gb+me} as {@code nvidia.com/mig-1g.10gb.me} (a {@code +} is not allowed in a resource
 * name), and only profiles whose compute and GPU slices are equal.
 */
final class MigProfiles {
  /** {@code <g>g.<memory>gb}, then attributes: {@code .me} ({@code +me}), {@code -me}, ... */
  private static final Pattern RESOURCE =
      Pattern.compile("nvidia\\.com/mig-([1-9][0-9]*g\\.[1-9][0-9]*gb)((?:[.-][a-z][a-z0-9]*)*)");

  private MigProfiles() {}

  /** Whether the name is one of the {@code mixed} strategy's, valid profile or not. */
  static boolean isMigResource(String resourceName) {
    return resourceName.startsWith("nvidia.com/mig-");
  }

  /** The profile, as the DRA driver's {@code profile} attribute has it, of a MIG resource name. */
  static Optional<String> profile(String resourceName) {
    Matcher m = RESOURCE.matcher(resourceName);
    if (!m.matches()) {
      return Optional.empty();
    }
    String attributes = m.group(2);
    return Optional.of(
        attributes.startsWith(".")
            ? m.group(1) + "+" + attributes.substring(1)
            : m.group(1) + attributes);
  }
}
