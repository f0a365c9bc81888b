package dev.gpudra.allocator;

import dev.gpudra.allocator.AttributeConstraint.Choice;
import io.fabric8.kubernetes.api.model.NodeSelector;
import io.fabric8.kubernetes.api.model.NodeSelectorBuilder;
import io.fabric8.kubernetes.api.model.NodeSelectorRequirement;
import io.fabric8.kubernetes.api.model.NodeSelectorRequirementBuilder;
import io.fabric8.kubernetes.api.model.NodeSelectorTerm;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.resource.v1.AllocationResult;
import io.fabric8.kubernetes.api.model.resource.v1.AllocationResultBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceAllocationConfiguration;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceAllocationConfigurationBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClaim;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClaimConfiguration;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceClassConfiguration;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestAllocationResult;
import io.fabric8.kubernetes.api.model.resource.v1.DeviceRequestAllocationResultBuilder;
import io.fabric8.kubernetes.api.model.resource.v1.OpaqueDeviceConfiguration;
import io.fabric8.kubernetes.api.model.resource.v1.ResourceSliceSpec;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * Builds {@code status.allocation} from the chosen devices, as the scheduler does: one result per
 * device in request order; each used class's configs once ({@code FromClass}, listing every request
 * that uses the class), then the claim's configs that apply ({@code FromClaim}); and the node
 * selector of the devices' slices (the node itself where a device binds to it). A result copies its
 * device's binding conditions (KEP-5007, beta and on in 1.37). A result on a device that allows
 * multiple allocations carries a share ID and the capacity the share consumes, every capacity of
 * the device.
 */
final class ResultAssembler {
  private final CapacityLedger capacity;
  private final Supplier<UUID> shareIds;

  ResultAssembler(CapacityLedger capacity, Supplier<UUID> shareIds) {
    this.capacity = capacity;
    this.shareIds = shareIds;
  }

  /**
   * @param node the node the claim is allocated for: the node selector pins it when a chosen device
   *     is node-local or binds to its node ({@code bindsToNode})
   */
  AllocationResult build(
      DeviceClaim claim, List<RequestSpec> used, List<Choice> chosen, String node) {
    List<DeviceRequestAllocationResult> results = chosen.stream().map(this::result).toList();
    List<DeviceAllocationConfiguration> config = new ArrayList<>(classConfigs(used));
    config.addAll(claimConfigs(claim, used));
    return new AllocationResultBuilder()
        .withNewDevices()
        .withResults(results)
        .withConfig(config)
        .endDevices()
        .withNodeSelector(nodeSelector(chosen, node))
        .build();
  }

  /** A device that allows multiple allocations gets a share: a new ID and what it consumes. */
  private DeviceRequestAllocationResult result(Choice choice) {
    DeviceId id = choice.candidate().id();
    DeviceRequestAllocationResultBuilder result =
        new DeviceRequestAllocationResultBuilder()
            .withRequest(choice.spec().name())
            .withDriver(id.driver())
            .withPool(id.pool())
            .withDevice(id.device())
            .withAdminAccess(choice.spec().admin() ? Boolean.TRUE : null)
            .withTolerations(
                choice.spec().tolerations().isEmpty() ? null : choice.spec().tolerations())
            .withBindingConditions(orNull(choice.candidate().device().getBindingConditions()))
            .withBindingFailureConditions(
                orNull(choice.candidate().device().getBindingFailureConditions()));
    if (CapacityLedger.shareable(choice.candidate())) {
      Map<String, Quantity> consumed = capacity.demand(choice.spec(), choice.candidate()).amounts();
      result
          .withShareID(shareIds.get().toString())
          .withConsumedCapacity(consumed.isEmpty() ? null : new TreeMap<>(consumed));
    }
    return result.build();
  }

  private static List<String> orNull(List<String> values) {
    return values == null || values.isEmpty() ? null : List.copyOf(values);
  }

  private static List<DeviceAllocationConfiguration> classConfigs(List<RequestSpec> used) {
    Map<String, List<String>> requestsByClass = new LinkedHashMap<>();
    Map<String, List<DeviceClassConfiguration>> configsByClass = new LinkedHashMap<>();
    for (RequestSpec spec : used) {
      requestsByClass.computeIfAbsent(spec.className(), k -> new ArrayList<>()).add(spec.name());
      configsByClass.putIfAbsent(
          spec.className(),
          spec.deviceClass().getSpec() == null
              ? List.of()
              : RequestReader.orEmpty(spec.deviceClass().getSpec().getConfig()));
    }
    List<DeviceAllocationConfiguration> configs = new ArrayList<>();
    configsByClass.forEach((className, classConfigs) ->
        classConfigs.forEach(
            c -> configs.add(config("FromClass", requestsByClass.get(className), c.getOpaque()))));
    return configs;
  }

  /** A claim config applies when it lists no requests, or names a used request or subrequest. */
  private static List<DeviceAllocationConfiguration> claimConfigs(
      DeviceClaim claim, List<RequestSpec> used) {
    Set<String> names = new HashSet<>();
    used.forEach(spec -> {
      names.add(spec.request());
      names.add(spec.name());
    });
    List<DeviceAllocationConfiguration> configs = new ArrayList<>();
    for (DeviceClaimConfiguration c : RequestReader.orEmpty(claim.getConfig())) {
      List<String> requests = RequestReader.orEmpty(c.getRequests());
      if (requests.isEmpty() || requests.stream().anyMatch(names::contains)) {
        configs.add(config("FromClaim", requests, c.getOpaque()));
      }
    }
    return configs;
  }

  private static DeviceAllocationConfiguration config(
      String source, List<String> requests, OpaqueDeviceConfiguration opaque) {
    return new DeviceAllocationConfigurationBuilder()
        .withSource(source)
        .withRequests(requests.isEmpty() ? null : List.copyOf(requests))
        .withOpaque(opaque)
        .build();
  }

  /**
   * A node-local slice pins the result to its node; node-selector slices add their single term's
   * requirements; all-nodes slices add nothing. Nothing at all means usable everywhere (null).
   */
  static NodeSelector nodeSelector(List<Choice> chosen, String node) {
    List<NodeSelectorRequirement> fields = new ArrayList<>();
    List<NodeSelectorRequirement> expressions = new ArrayList<>();
    for (Choice choice : chosen) {
      ResourceSliceSpec spec = choice.candidate().slice().getSpec();
      if (spec.getNodeName() != null && !spec.getNodeName().isEmpty()) {
        return pinnedTo(spec.getNodeName());
      }
      if (Boolean.TRUE.equals(choice.candidate().device().getBindsToNode())) {
        return pinnedTo(node);
      }
      if (spec.getNodeSelector() != null
          && !spec.getNodeSelector().getNodeSelectorTerms().isEmpty()) {
        NodeSelectorTerm term = spec.getNodeSelector().getNodeSelectorTerms().get(0);
        addMissing(RequestReader.orEmpty(term.getMatchFields()), fields);
        addMissing(RequestReader.orEmpty(term.getMatchExpressions()), expressions);
      }
    }
    if (fields.isEmpty() && expressions.isEmpty()) {
      return null;
    }
    return new NodeSelectorBuilder()
        .addNewNodeSelectorTerm()
        .withMatchFields(fields.isEmpty() ? null : fields)
        .withMatchExpressions(expressions.isEmpty() ? null : expressions)
        .endNodeSelectorTerm()
        .build();
  }

  private static NodeSelector pinnedTo(String nodeName) {
    NodeSelectorRequirement name =
        new NodeSelectorRequirementBuilder()
            .withKey("metadata.name")
            .withOperator("In")
            .withValues(nodeName)
            .build();
    return new NodeSelectorBuilder()
        .addNewNodeSelectorTerm()
        .withMatchFields(name)
        .endNodeSelectorTerm()
        .build();
  }

  private static void addMissing(
      List<NodeSelectorRequirement> from, List<NodeSelectorRequirement> to) {
    for (NodeSelectorRequirement requirement : from) {
      boolean present =
          to.stream()
              .anyMatch(r ->
                  r.getKey().equals(requirement.getKey())
                      && r.getOperator().equals(requirement.getOperator())
                      && Set.copyOf(RequestReader.orEmpty(r.getValues()))
                          .equals(Set.copyOf(RequestReader.orEmpty(requirement.getValues()))));
      if (!present) {
        to.add(requirement);
      }
    }
  }
}
