package dev.gpudra.operator.golden;

import dev.gpudra.api.nvidiadriver.NvidiaDriver;
import dev.gpudra.operator.nvidiadriver.DriverOwners;
import dev.gpudra.operator.nvidiadriver.DriverPool;
import dev.gpudra.operator.nvidiadriver.DriverPools;
import dev.gpudra.operator.render.OperandContext;
import dev.gpudra.operator.render.dispatch.StateObjects;
import dev.gpudra.operator.render.nvidia.driver.NvidiaDriverDaemonSet;
import dev.gpudra.operator.states.OperandState;
import io.fabric8.kubernetes.api.model.HasMetadata;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Every object the operator applies for a golden case, as its pass applies them: each enabled
 * state's render (with the teardown stand-in, as {@code StateApplier}), then each NVIDIADriver's
 * pools (as {@code NvidiaDriverPass}); one file per object ({@code <kind>-<name>.yaml}) and {@value
 * #STATES}, what each state did.
 */
final class GoldenRender {
  static final String STATES = "states.txt";

  private final SortedMap<String, String> files = new TreeMap<>();
  private final StringBuilder states = new StringBuilder();

  private GoldenRender() {}

  /** File name to content, sorted by name. */
  static SortedMap<String, String> of(GoldenPolicy policy) {
    GoldenRender render = new GoldenRender();
    OperandContext context = policy.context();
    for (OperandState state : policy.set().states()) {
      render.state(policy, state, context);
    }
    for (NvidiaDriver driver : policy.nvidiaDrivers()) {
      render.driver(driver, context, policy);
    }
    render.files.put(STATES, render.states.toString());
    return render.files;
  }

  private void state(GoldenPolicy policy, OperandState state, OperandContext context) {
    String line = state.stateName() + ": ";
    Optional<String> refused = policy.set().notBuilt(state);
    if (!policy.set().enabled(state, context.spec())) {
      states.append(line).append("disabled\n");
    } else if (refused.isPresent()) {
      states.append(line).append("refused: ").append(refused.get()).append('\n');
    } else {
      StateObjects objects = StateObjects.of(state, context.forTeardown());
      if (objects.notBuilt().isPresent()) {
        states.append(line).append("not built: ").append(objects.notBuilt().get()).append('\n');
      } else {
        states.append(line).append(add(objects.objects())).append('\n');
      }
    }
  }

  private void driver(NvidiaDriver driver, OperandContext context, GoldenPolicy policy) {
    DriverOwners owners = DriverOwners.assign(List.of(driver), policy.nodes());
    for (DriverPool pool : DriverPools.of(driver, owners, policy.nodes()).pools()) {
      NvidiaDriverDaemonSet.Rendered rendered = NvidiaDriverDaemonSet.render(context, driver, pool);
      List<HasMetadata> objects = new ArrayList<>(rendered.shared());
      objects.add(rendered.daemonSet());
      states
          .append("NVIDIADriver ")
          .append(driver.getMetadata().getName())
          .append(", ")
          .append(pool.osTag())
          .append(": ")
          .append(add(objects))
          .append('\n');
    }
  }

  /** The objects' files added; their {@code kind/name} in order. */
  private String add(List<HasMetadata> objects) {
    List<String> names = new ArrayList<>();
    for (HasMetadata object : objects) {
      String file = fileName(object);
      String yaml = GoldenYaml.of(object);
      String before = files.putIfAbsent(file, yaml);
      if (before != null && !before.equals(yaml)) {
        throw new IllegalStateException(file + ": two different objects render to this file");
      }
      names.add(object.getKind() + "/" + object.getMetadata().getName());
    }
    return String.join(", ", names);
  }

  static String fileName(HasMetadata object) {
    String name = object.getKind() + "-" + object.getMetadata().getName();
    return name.replaceAll("[^A-Za-z0-9._-]", "_") + ".yaml";
  }
}
