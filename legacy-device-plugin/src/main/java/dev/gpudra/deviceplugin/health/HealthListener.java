package dev.gpudra.deviceplugin.health;

/** Told of every change of the GPUs' health, on the health source's thread. */
@FunctionalInterface
public interface HealthListener {

  /** Some GPU's health changed; {@code health} is every GPU's, as of now. */
  void changed(HealthSnapshot health);
}
