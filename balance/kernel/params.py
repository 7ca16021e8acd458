"""Layout of the packed rule parameters that the kernel reads.

The resolved config (balance.config.Config) is packed into two flat arrays, `ip` (int64) and
`fp` (float64); the constants below are their indices. Changing a number never recompiles, and
adding a parameter adds an index, not an argument. Fuel values are in 1/60-canister units.
"""

# --- ip: integers ---
I_PLAYERS = 0
I_THINGS = 1
I_MAX_TURNS = 2
I_AP = 3
I_START_ROOMS = 4  # 0 = random indoor room, 1 = everyone in the Living quarters (GAP-4)
I_HUMAN_HP = 5
I_THING_HP = 6
I_N_PROFESSIONS = 7
I_GEN_CAPACITY = 8  # fuel units
I_GEN_START = 9  # fuel units
I_BURN = 10  # fuel units per turn
I_BOX_FILL = 11  # fuel units in a canister from a red box
I_PUMP_FILL = 12  # fuel units the pump puts in an empty canister
I_T_START = 13
I_T_STREET = 14
I_T_MIN = 15
I_T_MAX = 16
I_T_FREEZER = 17
I_T_STEP = 18
I_N_BANDS = 19
I_MARKS_PER_HP = 20
I_WEATHER_INITIAL = 21
I_FORECAST = 22
I_MOVE_AP = 23
I_MOVE_FAST_AP = 24
I_FAST_INITIATIVE = 25
I_INF_DELAY_MIN = 26
I_INF_DELAY_MAX = 27
I_INF_COOLDOWN = 28
I_INF_CROWD = 29
I_INF_UNCONSCIOUS_AP = 30
I_PARALYSIS = 31
I_REVIVE_HP = 32
I_REPAIR_AP = 33
I_INJURY_DAMAGE = 34
I_SAFE_ERUDITION = 35
I_BREAK_AP = 36
I_BREAK_AXE_AP = 37
I_PICKUP_AP = 38
I_REFUEL_AP = 39
I_PUMP_AP = 40
I_OPEN_BOX_AP = 41
I_YELLOW_BOXES = 42
I_PARKAS = 43
I_FLASHLIGHTS = 44
I_AXES = 45
I_REROLL_INITIATIVE = 46
I_POOL_CANISTERS = 47
I_POOL_PARTS = 48
I_POOL_SCRAP = 49
I_BEACON_AP = 50
I_CALL_AP = 51
I_RESCUE_DELAY = 52
I_RESCUE_WAIT_CLEAR = 53
I_CHECK_INVARIANTS = 54  # run-time switch, not a rule: count invariant violations every turn
I_FOOD = 55  # food boxes on the Freezer shelves at the start
I_PISTOLS = 56
I_BANDAGES = 57
I_BLUE_VIALS = 58
I_RED_VIALS = 59
I_WEAPON_DAMAGE = 60
I_HELPLESS_DAMAGE = 61
I_SHOOT_AP = 62
I_MELEE_AP = 63
I_GIVE_AP = 64
I_RECEIVE_AP = 65
I_BACKPACK_AP = 66
I_DESTROY_AP = 67
I_HUMAN_HEAVY_HP = 68  # HP at or below which a human is heavily wounded (HP-2)
I_THING_HEAVY_HP = 69  # the same for a Thing (THING-P-2)
I_FLASHLIGHT_AP = 70
I_BANDAGE_AP = 71
I_FIRSTAID_AP = 72
I_BANDAGE_HEAL = 73
I_COVER_AP = 74
# 75..99: the helicopter, wires and crafting; 100..119: vials, food, mirror, Tower, fuel transfer;
# 140..179: doors, codes, ID cards and the Tower terminal; 180..199: food and corpses;
# 96..99 and 120..139: radios, hindering and following
I_HINDER_AP = 96
I_FOLLOW_AP = 97
I_HINDER_IMMUNE_TURNS = 98  # turns after being hindered in which one cannot be again (GAP-28)
I_HINDER_PENALTY = 120  # 4 slots by Physical form 0..3: percentage points (STAT-PHYS-1/2)
I_RADIOS = 124  # 3 slots: radios of each colour in the Radio room (LOC-RADIO-1)
I_RADIO_TOGGLE_AP = 127
I_RADIO_SPEAK_AP = 128
I_REACTION_INITIATIVE = 129  # Initiative from which one reaction a turn is allowed (STAT-INIT-1)
I_POOL_WIRES = 75
I_HELI_SEATS = 76
I_HELI_TANK = 77  # fuel units a take-off needs, the tank's capacity (HELI-2)
I_HELI_FUEL_AP = 78
I_HELI_PREPARE_AP = 79
I_HELI_BOARD_AP = 80
I_HELI_STARTS_BROKEN = 81  # 0/1: engine, rotor and panel broken at the start (HELI-2)
I_CRAFT_AP = 82
I_RECIPES_ONE_ERUDITION = 83  # Erudition from which one random recipe is known (STAT-ERUD-1)
I_RECIPES_ALL_ERUDITION = 84  # Erudition from which all recipes are known (STAT-ERUD-2)
I_POOL_FLAMETHROWERS = 85
I_POOL_GRENADES = 86
I_POOL_PISTOLS = 87  # pistols that crafting can add to the 5 of the Arsenal
I_THROW_AWAY_AP = 88  # into an adjacent room: spending the turn (ITEM-GRENADE-2, GAP-14)
I_THROW_HERE_AP = 89  # into one's own room: free
I_GRENADE_DAMAGE = 90
I_FLAME_AP = 91  # one flamethrower attack (GAP-44)
I_FLAME_VOLLEY_AP = 92  # attacks while the fuel lasts: spending the turn (GAP-14, GAP-44)
I_FLAME_SHOT_FUEL = 93  # fuel units one attack burns (ITEM-FLAMETHROWER-2)
I_FLAME_PARKA_DAMAGE = 94  # ITEM-FLAMETHROWER-3: a humanoid in a parka
I_FLAME_MONSTER_DAMAGE = 95  # ITEM-FLAMETHROWER-3: an active Thing
I_SANITY_START = 100  # GAP-11
I_SANITY_MAX = 101  # GAP-11: sanity stays within 0..max
I_SANITY_BLACKOUT = 102  # GAP-11 variant switch: 1 = at 0 sanity, unconscious for a turn
I_SANITY_RESET = 103  # GAP-11 variant: sanity after that blackout
I_DRINK_AP = 104
I_BLUE_SANITY = 105  # ITEM-VIAL-BLUE: sanity a blue vial adds
I_RED_TURNS = 106  # ITEM-VIAL-RED: turns the red effect lasts after the turn it is drunk in
I_RED_WARMTH = 107  # FROST-4, GAP-47: felt temperature the red effect adds
I_OVERDOSE_GAP = 108  # VIAL-1, GAP-49: a dose fewer than this many turns after the last knocks out
I_MIXING_GAP = 109  # VIAL-1, GAP-49: blue and red fewer than this many turns apart poison
I_POISON_DELAY = 110  # GAP-49: turns from the mixing to the death
I_MIRROR_AP = 111
I_FORECAST_AP = 112
I_PARKA_OFF_AP = 113
I_FUEL_AP = 114
I_RELOAD_AP = 115
# food, the stove and corpses (A12 Freezer and Living quarters, ITEM-FOOD, GAP-49..51)
I_TAKE_FOOD_AP = 180  # GAP-50: a box off the Freezer's shelves, into a hand
I_COUNT_FOOD_AP = 181  # LOC-FREEZER-3
I_STOVE_PREPARE_AP = 182  # LOC-LIVING-3
I_COOK_AP = 183  # LOC-LIVING-4
I_PORTIONS = 184  # LOC-LIVING-4, ITEM-FOOD: portions one cooked box gives
I_EAT_AP = 185  # ACT-EAT
I_DOSE_FOOD_AP = 186  # ACT-DOSE-FOOD
I_COOKED_BLUE_SANITY = 187  # LOC-LIVING-4: sanity a portion cooked with a blue vial adds
I_COOKED_RED_TURNS = 188  # LOC-LIVING-4: turns the red effect of a cooked portion lasts
I_FOOD_POISON_DELAY = 189  # LOC-LIVING-4: turns from eating blue and red together to the death
I_FOOD_COUNTS_AS_DOSE = 190  # GAP-49 variant switch: 1 = dosed food counts like a vial drunk
I_STOVE_USABLE = 191  # GAP-50 variant switch: 0 = the stove cannot be used
I_SEARCH_AP = 192  # GAP-51
I_POSITIONS_ERUDITION = 138  # CODE-2, STAT-ERUD-1: a code entry shows the right positions
I_ABSENT_ERUDITION = 139  # CODE-3, STAT-ERUD-2: ... and the entered digits absent
I_LOCKED_ROOMS = 140  # bitmask of the rooms locked at the start (GAP-5)
I_CARD_ROOMS = 141  # locked rooms each ordinary ID card opens, drawn uniformly (GAP-5)
I_TOP_CARDS = 142  # characters whose card has top access at the start (GAP-5)
I_CODE_AP = 143  # ACT-CODE, GAP-25: one entry
I_IDCARD_AP = 144  # ACT-IDCARD, ID-2
I_DOOR_BREAK_AP = 145  # DOOR-2, ACT-BREAK: always, axe in hand
I_REPORT_AP = 146  # LOC-TOWER-3: the access report
I_CARD_ACCESS_AP = 147  # LOC-TOWER-4: a card's firmware
I_OPEN_ALL_AP = 148  # LOC-TOWER-4
I_LOCK_ALL_AP = 149  # LOC-TOWER-4
I_GIVE_TOP_AP = 150  # LOC-TOWER-4
I_EDIT_ROOM_AP = 151  # LOC-TOWER-4: a room's code and who may enter
I_ENTRY_LOG_AP = 152  # LOC-TOWER-4
I_ENTRY_LOG_TURNS = 153  # LOC-TOWER-4: turns the entry log covers (at most state.LOG_SLOTS)
I_ADJACENT = 154  # N_ROOMS (14) slots: bitmask of the rooms next to each room (the packed map),
#                   for code that has no adjacency matrix at hand: whose door lamps one sees
# the Thing's own actions and archetypes (kernel.thing)
I_TRANSFORM_AP = 200  # THING-HIDDEN-1
I_TRANSFORM_TURN = 201  # THING-HIDDEN-1: the first turn it is allowed
I_THROW_BACK_AP = 202  # THING-ACTIVE-6, GAP-13
I_CLAWS_AP = 203
I_SPRAY_AP = 204
I_CLAWS_DAMAGE = 205  # THING-ACTIVE-6
I_SPRAY_DAMAGE = 206  # THING-ACTIVE-6: to each character the roll hits
I_ACTIVE_MELEE_DAMAGE = 207  # GAP-15: the active Thing's melee, with no weapon
I_ORGANS_DAMAGE = 208  # ARCH-MUTANT-2
I_REMOTE_BREAK_WINDOW = 209  # ARCH-MUTANT-1, GAP-43: rooms of the last this many turns (<= 3)
I_ORDER_AP = 210  # ARCH-QUEEN-1, GAP-13
I_ORDER_COOLDOWN = 211  # GAP-41: used on t, usable again on t + cooldown + 1
I_SCREAM_AP = 212  # ARCH-QUEEN-2, GAP-13
I_SCREAM_COOLDOWN = 213
I_WAVES_AP = 214  # ARCH-SOLDIER-1, GAP-13
I_WAVES_COOLDOWN = 215
I_WAVES_SANITY = 216  # ARCH-SOLDIER-1: sanity lost
I_SOLDIER_MOVE_AP = 217  # ARCH-SOLDIER-2
I_REMOTE_BREAK_AP = 218  # ARCH-MUTANT-1, GAP-13
I_REMOTE_BREAK_COOLDOWN = 219
# 193..199, 220..229: contagion, corpses, dogs, the Thing eating (kernel.contagion)
I_SALIVA_AP = 193  # SALIVA-1, GAP-37
I_SALIVA_DELAY_MIN = 194  # SALIVA-2: the delay the Thing may choose, min..max
I_SALIVA_DELAY_MAX = 195
I_BURN_AP = 196  # ACT-BURN-CORPSE
I_BURN_FUEL = 197  # ACT-BURN-CORPSE, ITEM-CANISTER, ITEM-FLAMETHROWER-5: fuel units a burning uses
I_FIRE_WARMTH = 198  # TEMP-6, GAP-46: degrees a fire adds at the next update
I_DOGS = 199  # LOC-KENNEL-1: dogs alive at the start (at most 2)
I_KILL_DOG_AP = 220  # LOC-KENNEL-2, GAP-53
I_BURN_DOG_AP = 221  # LOC-KENNEL-2, GAP-53
I_EAT_STOCK_AP = 222  # LOC-FREEZER-4, GAP-13
I_FIRST_AID_COOLDOWN = 223  # GAP-35 variant switch: 1 = first aid's infection starts the cooldown
I_CALL_SPAWN_AP = 224  # THING-P-5, GAP-38
# 168..179, 230..239: blood and the laboratory (kernel.lab)
I_BLOOD_SELF_AP = 168  # ACT-BLOOD-SELF
I_DOG_SAMPLE_AP = 169  # LOC-KENNEL-2, GAP-53: a dog's blood
I_LAB_INSERT_AP = 170  # LOC-LAB-2
I_LAB_START_AP = 171  # LOC-LAB-3
I_LAB_VIEW_AP = 172  # LOC-LAB-4
I_COMPARISON_TURNS = 173  # LOC-LAB-3, GAP-52: started on t, finished at the end of t + this
I_LAB_NEEDS_POWER = 174  # GAP-21 switch: 1 = the analyzer and computer need their generator
I_BLOOD_SAMPLES = 175  # ITEM-BLOOD: samples preallocated (state.item_capacity)
# fixed-size regions for list-valued keys
MAX_PROFESSIONS = 8
MAX_BANDS = 8
I_PROF_PHYSICAL = 240  # MAX_PROFESSIONS slots
I_PROF_INITIATIVE = I_PROF_PHYSICAL + MAX_PROFESSIONS
I_PROF_ERUDITION = I_PROF_INITIATIVE + MAX_PROFESSIONS
I_BAND_FLOOR = I_PROF_ERUDITION + MAX_PROFESSIONS  # MAX_BANDS slots
I_BAND_BARE = I_BAND_FLOOR + MAX_BANDS
I_BAND_PARKA = I_BAND_BARE + MAX_BANDS
I_RESISTANCE = I_BAND_PARKA + MAX_BANDS  # 4 slots, indexed by Physical form 0..3
N_IP = I_RESISTANCE + 4

# --- fp: probabilities and factors ---
F_CLEAR_CHANCE = 0
F_DARKNESS_FACTOR = 1
F_MISDIRECT = 2
F_CONVERT = 3
F_RECONVERT = 4
F_REPAIR_TOOL = 5
F_REPAIR_NO_TOOL = 6
F_INJURY = 7
F_RED_AXE = 8
F_BLUE_PARTS = 9
F_HIT_CHANCE = 10  # 3 slots, by Physical form 1..3 (ACT-SHOOT-1, STAT-PHYS-1/2)
F_STRAY = 13
F_BANDAGE_OTHER = 14
F_BANDAGE_SELF = 15
# 16..23: the helicopter and crafting; 24..31: vials, food, mirror, Tower, fuel transfer
F_FLAME_PARKA = 16  # ITEM-FLAMETHROWER-3: chance to hurt a humanoid in a parka
F_FLAME_MONSTER = 17  # ITEM-FLAMETHROWER-3: chance to hurt an active Thing
# 18..21: hindering; 26..27: food
F_CHANCE_FLOOR = 18  # GAP-27: the lowest an uncertain action's chance can fall (0: no floor)
F_RED_HIT_BONUS = 24  # ITEM-VIAL-RED, GAP-27: added to an attack's base chance
F_CLAWS_CHANCE = 32  # THING-ACTIVE-6
F_SPRAY_CHANCE = 33  # THING-ACTIVE-6: rolled for each character
# 34..37: free (kernel.thing); 38..41: contagion (kernel.contagion);
# 42..47: the laboratory (kernel.lab)
N_FP = 48
