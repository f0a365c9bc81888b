package dev.gpudra.operator.render;

import dev.gpudra.api.clusterpolicy.EnvVar;
import dev.gpudra.api.clusterpolicy.Resources;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVarBuilder;
import io.fabric8.kubernetes.api.model.ResourceRequirementsBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * What a ClusterPolicy component says of its main container: {@code imagePullPolicy} (anything but
 * {@code Always} or {@code Never} is {@code IfNotPresent}, as NVIDIA's), {@code args} after our
 * subcommand (they are flags of NVIDIA's binary, which ours takes too; replacing the args would
 * drop the subcommand), {@code env} overriding ours by name (others appended), {@code resources}.
 *
 * @param imagePullPolicy the component's pull policy
 * @param args its args, after the container's own (the subcommand)
 * @param env its variables
 * @param resources its limits and requests
 */
record ComponentSettings(
    String imagePullPolicy, List<String> args, List<EnvVar> env, Resources resources) {
  private static final Set<String> POLICIES = Set.of("Always", "Never", "IfNotPresent");

  void applyTo(Container container) {
    container.setImagePullPolicy(
        imagePullPolicy != null && POLICIES.contains(imagePullPolicy)
            ? imagePullPolicy
            : "IfNotPresent");
    if (args != null && !args.isEmpty()) {
      List<String> all = new ArrayList<>(container.getArgs());
      all.addAll(args);
      container.setArgs(all);
    }
    if (env != null) {
      List<io.fabric8.kubernetes.api.model.EnvVar> merged = new ArrayList<>(container.getEnv());
      for (EnvVar variable : env) {
        merged.removeIf(e -> e.getName().equals(variable.name()));
        merged.add(
            new EnvVarBuilder().withName(variable.name()).withValue(variable.value()).build());
      }
      container.setEnv(merged);
    }
    if (resources != null) {
      container.setResources(
          new ResourceRequirementsBuilder()
              .withLimits(resources.limits())
              .withRequests(resources.requests())
              .build());
    }
  }
}
