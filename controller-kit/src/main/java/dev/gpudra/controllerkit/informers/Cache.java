package dev.gpudra.controllerkit.informers;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * One informer's cache, read by type: by key, by index, whole. Made by {@link Informers#add}; reads
 * before {@link Informers#start()} see nothing.
 *
 * @param <T> the cached kind
 */
public final class Cache<T extends HasMetadata> {
  private final String name;
  private final SharedIndexInformer<T> informer;

  Cache(String name, SharedIndexInformer<T> informer) {
    this.name = Objects.requireNonNull(name, "name");
    this.informer = Objects.requireNonNull(informer, "informer");
  }

  /** What the informer watches, as errors name it. */
  public String name() {
    return name;
  }

  /**
   * Adds an index; only before the informer starts.
   *
   * @param keys the index's keys of one object (none: not indexed)
   */
  public Cache<T> index(String index, Function<T, List<String>> keys) {
    informer.addIndexers(Map.of(index, keys));
    return this;
  }

  /** The object {@code namespace/name}. */
  public Optional<T> get(String namespace, String name) {
    return Optional.ofNullable(informer.getStore().getByKey(namespace + "/" + name));
  }

  public List<T> list() {
    return informer.getStore().list();
  }

  /** The objects whose {@code index} keys include {@code key}. */
  public List<T> byIndex(String index, String key) {
    return informer.getIndexer().byIndex(index, key);
  }

  /**
   * Calls {@code changed} with every object added, changed (its new state) or deleted from now on,
   * and once with each one already cached.
   */
  public void onChange(Consumer<? super T> changed) {
    Objects.requireNonNull(changed, "changed");
    informer.addEventHandler(
        new ResourceEventHandler<T>() {
          @Override
          public void onAdd(T object) {
            changed.accept(object);
          }

          @Override
          public void onUpdate(T before, T after) {
            changed.accept(after);
          }

          @Override
          public void onDelete(T object, boolean finalStateUnknown) {
            changed.accept(object);
          }
        });
  }

  SharedIndexInformer<T> informer() {
    return informer;
  }
}
