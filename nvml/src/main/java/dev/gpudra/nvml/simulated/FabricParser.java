package dev.gpudra.nvml.simulated;

import dev.gpudra.nvml.FabricInfo;
import dev.gpudra.nvml.FabricState;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Pattern;

/** Reads a group's {@code fabric} block; state NotSupported means no fabric info at all. */
final class FabricParser {
  private static final Set<String> KEYS = Set.of("state", "clusterUuid", "cliqueId", "status");
  private static final Pattern CANONICAL_UUID =
      Pattern.compile(
          "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");

  Optional<FabricInfo> parse(Optional<ProfileNode> block) {
    if (block.isEmpty()) {
      return Optional.empty();
    }
    ProfileNode node = block.get();
    node.allowOnly(KEYS);
    FabricState state = node.required("state").as(text -> EnumNames.parse(FabricState.class, text));
    if (state == FabricState.NOT_SUPPORTED) {
      return Optional.empty();
    }
    UUID cluster = node.optional("clusterUuid").map(this::uuid).orElse(new UUID(0, 0));
    long clique = node.optional("cliqueId").map(ProfileNode::longValue).orElse(0L);
    if (clique < 0 || clique > 0xFFFF_FFFFL) {
      throw node.required("cliqueId").fail("must be an unsigned 32-bit integer: " + clique);
    }
    int status = node.optional("status").map(ProfileNode::intValue).orElse(0);
    return Optional.of(new FabricInfo(cluster, clique, state, status));
  }

  private UUID uuid(ProfileNode node) {
    return node.as(text -> {
      if (!CANONICAL_UUID.matcher(text).matches()) {
        throw new IllegalArgumentException(
            "'" + text + "' is not a UUID like 9c6f5af3-53bf-49b5-a436-b66766c413c3");
      }
      return UUID.fromString(text);
    });
  }
}
