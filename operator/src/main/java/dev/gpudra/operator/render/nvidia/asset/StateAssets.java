package dev.gpudra.operator.render.nvidia.asset;

import io.fabric8.kubernetes.api.model.HasMetadata;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One state's base objects as loaded, in apply order, each with the resource it came from; the
 * operand's code changes them in place, then takes them with {@link #objects()}.
 */
public final class StateAssets {
  private final String state;
  private final List<Loaded> loaded;

  /**
   * @param resource the class-path resource the object was read from
   * @param object the object
   */
  record Loaded(String resource, HasMetadata object) {}

  StateAssets(String state, List<Loaded> loaded) {
    this.state = state;
    this.loaded = new ArrayList<>(loaded);
  }

  /**
   * The state's only object of {@code type}.
   *
   * @throws AssetException when the state has none or several
   */
  public <T extends HasMetadata> T one(Class<T> type) {
    List<T> found =
        loaded.stream().map(Loaded::object).filter(type::isInstance).map(type::cast).toList();
    if (found.size() != 1) {
      throw new AssetException(
          state, "has " + found.size() + " " + type.getSimpleName() + " objects, expected one");
    }
    return found.getFirst();
  }

  /**
   * The state's object of {@code type} named {@code name}.
   *
   * @throws AssetException when the state has none
   */
  public <T extends HasMetadata> T named(Class<T> type, String name) {
    return loaded.stream()
        .map(Loaded::object)
        .filter(type::isInstance)
        .map(type::cast)
        .filter(o -> name.equals(o.getMetadata().getName()))
        .findFirst()
        .orElseThrow(
            () -> new AssetException(state, "has no " + type.getSimpleName() + " " + name));
  }

  /** Leaves out the object of {@code type} named {@code name} (one the policy turns off). */
  public StateAssets without(Class<? extends HasMetadata> type, String name) {
    named(type, name);
    loaded.removeIf(
        l -> type.isInstance(l.object()) && name.equals(l.object().getMetadata().getName()));
    return this;
  }

  /** How many objects the state holds now. */
  int size() {
    return loaded.size();
  }

  /**
   * The objects, in apply order.
   *
   * @throws AssetException naming the resource and field of a placeholder no transform filled
   */
  public List<HasMetadata> objects() {
    for (Loaded each : loaded) {
      Optional<String> left = Placeholders.firstLeft(each.object());
      if (left.isPresent()) {
        throw new AssetException(
            each.resource(),
            left.get() + " still holds " + Placeholders.MARKER + ": no transform set it");
      }
    }
    return loaded.stream().map(Loaded::object).toList();
  }
}
